# image.sh: the image command (sourced by test/run_tests.sh). The PNG writer, the colour map and
# font, the SW4 image file read back against the field, cut pieces against one (test_image);
# then two decks run end to end (test/e2e/image.in flat, image-topo.in under a hill) on 1, 2
# and 3 ranks and in the one-sided binary (2 and 3 ranks, 2 and 3 partitions a rank, so the
# plane's parts come from partitions cut otherwise): every image file (and the checkpoint) identical
# byte for byte, and build/test_image holds the ux image of the flat run to the checkpoint of
# the same step, to the bit, and decodes its PNG.
# make test (QUICK=1): the flat deck on 1 and 2 ranks and one-sided on 2; make check: all.
# SOURCE_DATE_EPOCH fixes the reference time a checkpoint's header carries.
image_dir=$PWD/test-output/image
rm -rf "$image_dir" && mkdir -p "$image_dir"
export SW4LITE_IMAGE_DIR=$image_dir/image
gtest_check image 1 60 build/test_image --gtest_color=no --gtest_filter='-ImageRun.*'
image_decks="image image-topo"
image_runs="np1:1:sw4lite np2:2:sw4lite np3:3:sw4lite onesided2:2:sw4lite-onesided:2 onesided3:3:sw4lite-onesided:3"
quick && image_decks=image image_runs="np1:1:sw4lite np2:2:sw4lite onesided2:2:sw4lite-onesided:2"
for image_deck in $image_decks; do
  image_files=$([ $image_deck = image ] && echo 33 || echo 14)
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
