// image_io.hpp: the images as the drivers use them: when one is due, and writing it from the
// pieces a rank holds: each piece's part of the plane goes to rank 0 (a 2-D gather), which
// places the parts and writes the .sw4img file and the PNG.
//
// Why built so: a plane is small next to the 3-D field (nx nz values against nx ny nz), so
// gathering it on one rank costs little and keeps the writing plain and the bytes independent
// of the cut; the 3-D field never moves. Both drivers hand a list of Subdomains (one piece, or
// the partitions a rank holds at a pause, checkpoint_run.hpp), as for a checkpoint, so the
// files are the same in both binaries. Rank 0 checks that the parts cover the plane exactly
// once and reports a write error as the one line that stops the run.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "output/checkpoint.hpp"
#include "output/image.hpp"
#include "output/png.hpp"

namespace sw4 {

// NAME.tmp, then renamed: a file appears complete or not at all (receiver_write.hpp). "" or
// what went wrong, with the system's reason.
inline std::string write_whole_file(const std::string& name, const char* bytes, std::size_t n) {
  const std::string why = file_write_problem(name, bytes, n);
  return why.empty() ? "" : "cannot write " + name + " (" + why + ")";
}

class Imaging {
 public:
  int written = 0;

  void setup(const Config& cfg, long nsteps, double dt) {
    cfg_ = &cfg;
    nsteps_ = nsteps;
    dt_ = dt;
  }
  bool due(long n) const {
    if (!cfg_ || n > nsteps_) return false;
    for (const ImageCfg& im : cfg_->images)
      if (image_due(im.when, n, dt_)) return true;
    return false;
  }
  // The first step after `after` at which an image is due, or nsteps.
  long next(long after) const {
    if (!cfg_ || cfg_->images.empty()) return nsteps_;
    for (long n = after + 1; n < nsteps_; ++n)
      if (due(n)) return n;
    return nsteps_;
  }

  // The images due after step n at time t (n = 0: of the initial data, before the first step),
  // from this rank's pieces. Collective. "" or the line that stops the run.
  std::string write(MPI_Comm comm, const std::vector<Subdomain*>& pieces, long n, double t) {
    int rank = 0, size = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    const Config& cfg = *cfg_;
    std::string err;
    for (const ImageCfg& im : cfg.images) {
      if (!image_due(im.when, n, dt_)) continue;
      const ImageLayout L = image_layout(cfg, im);
      std::vector<double> mine;
      for (const Subdomain* sd : pieces) append_piece_part(cfg, im, L, *sd, t, mine);
      int count = int(mine.size());
      std::vector<int> counts(static_cast<std::size_t>(size)), displs(counts);
      MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm);
      std::vector<double> all;
      if (rank == 0) {
        long total = 0;
        for (int r = 0; r < size; ++r) {
          displs[std::size_t(r)] = int(total);
          total += counts[std::size_t(r)];
        }
        all.resize(std::size_t(total));
      }
      MPI_Gatherv(mine.data(), count, MPI_DOUBLE, all.data(), counts.data(), displs.data(),
                  MPI_DOUBLE, 0, comm);
      if (rank == 0 && err.empty()) err = write_one(cfg, im, L, all, n, t);
    }
    int bad = err.empty() ? 0 : 1;
    MPI_Bcast(&bad, 1, MPI_INT, 0, comm);
    if (bad) {
      int len = int(err.size());
      MPI_Bcast(&len, 1, MPI_INT, 0, comm);
      err.resize(std::size_t(len));
      MPI_Bcast(&err[0], len, MPI_CHAR, 0, comm);
    }
    return err;
  }

 private:
  const Config* cfg_ = nullptr;
  long nsteps_ = 0;
  double dt_ = 0;

  std::string write_one(const Config& cfg, const ImageCfg& im, const ImageLayout& L,
                        const std::vector<double>& parts, long n, double t) {
    const std::string where = cfg.filename + ":" + std::to_string(im.line) + ": image: ";
    std::vector<std::vector<double>> data;
    if (!assemble_parts(L, parts, data))
      return where + "internal error: the pieces' parts do not cover the plane once";
    const std::vector<char> file =
        sw4img_bytes(L, image_mode_info(im.mode).code, t, im.double_precision, data, curvilinear_z(cfg, L));
    const std::string name = image_name(cfg, im, L, n, nsteps_, ".sw4img");
    std::string e = write_whole_file(name, file.data(), file.size());
    if (!e.empty()) return where + e;
    const render::Canvas cv = image_picture(L, im, n, t, data);
    const std::vector<unsigned char> png = png::encode_rgb(cv.w, cv.h, cv.rgb);
    const std::string pname = image_name(cfg, im, L, n, nsteps_, ".png");
    e = write_whole_file(pname, reinterpret_cast<const char*>(png.data()), png.size());
    if (!e.empty()) return where + e;
    ++written;
    std::printf("wrote image %s (and .png) at step %ld, t = %.10g\n", name.c_str(), n, t);
    return "";
  }
};

}  // namespace sw4
