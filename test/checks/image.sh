# image.sh: the image command (sourced by test/run_tests.sh). The PNG writer, the colour map and
# font, the SW4 image file read back against the field, cut pieces against one (test_image);
# the input rules of SW4's cycle=0 and of the exact and error modes, step 0's schedule, their
# values against the exact solutions (test_image_exact); then three decks run end to end
# (test/e2e/image.in flat, image-topo.in under a hill, image-twilight.in: twilight under a hill
# with images of the initial data, the exact solution and the error) on 1, 2 and 3 ranks and in
# the one-sided binary (2 and 3 ranks, 2 and 3 partitions a rank, so the plane's parts come from
# partitions cut otherwise): every image file (and the checkpoint) identical byte for byte;
# build/test_image holds the ux image of the flat run to the checkpoint of the same step, to the
# bit, and decodes its PNG; build/test_image_exact holds the twilight run's cycle-0 images to
# the exact solution and its last uxerr to ux minus uxexact.
# make test (QUICK=1): the flat deck on 1 and 2 ranks and one-sided on 2, the twilight deck on 1
# and 3 ranks and one-sided on 3 (a second each); make check: all.
# SOURCE_DATE_EPOCH fixes the reference time a checkpoint's header carries.
image_dir=$PWD/test-output/image
rm -rf "$image_dir" && mkdir -p "$image_dir"
export SW4LITE_IMAGE_DIR=$image_dir/image SW4LITE_IMAGE_TWILIGHT_DIR=$image_dir/image-twilight
gtest_check image 1 60 build/test_image --gtest_color=no --gtest_filter='-ImageRun.*'
gtest_check image-exact 1 60 build/test_image_exact --gtest_color=no --gtest_filter='-ImageRun.*'
image_decks="image image-topo image-twilight"
image_all="np1:1:sw4lite np2:2:sw4lite np3:3:sw4lite onesided2:2:sw4lite-onesided:2 onesided3:3:sw4lite-onesided:3"
for image_deck in $image_decks; do
  image_runs=$image_all
  if quick; then
    case $image_deck in
      image) image_runs="np1:1:sw4lite np2:2:sw4lite onesided2:2:sw4lite-onesided:2" ;;
      image-twilight) image_runs="np1:1:sw4lite np3:3:sw4lite onesided3:3:sw4lite-onesided:3" ;;
      *) continue ;;
    esac
  fi
  case $image_deck in image) image_files=35 ;; image-topo) image_files=14 ;; *) image_files=18 ;; esac
  for image_run in $image_runs; do
    IFS=: read -r image_name image_np image_bin image_parts <<<"$image_run"
    cmd_check "image-$image_deck-$image_name" 120 env SOURCE_DATE_EPOCH=0 SW4LITE_BIN=$image_bin \
      SW4LITE_ARGS="${image_parts:+--partitions $image_parts}" \
      bash test/e2e/run_deck.sh "$image_np" "test/e2e/$image_deck.in" "$image_dir/$image_deck/$image_name"
    [ $image_name = np1 ] && continue
    cmd_check "image-$image_deck-same-$image_name" 30 bash test/e2e/same_files.sh \
      "$image_dir/$image_deck/np1/out" "$image_dir/$image_deck/$image_name/out" "$image_files"
  done
done
gtest_check image-run 1 60 build/test_image --gtest_color=no --gtest_filter='ImageRun.*'
gtest_check image-exact-run 1 60 build/test_image_exact --gtest_color=no --gtest_filter='ImageRun.*'
