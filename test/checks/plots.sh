# plots.sh: tools/plot_seismograms, the seismogram plots of a run (sourced by test/run_tests.sh).
cmd_check plot-seismograms 120 bash test/e2e/plot_seismograms.sh "$PWD/test-output/plot-seismograms"
