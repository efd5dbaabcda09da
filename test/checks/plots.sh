# plots.sh: tools/plot_seismograms, the seismogram plots of a run (sourced by test/run_tests.sh).
cmd_check plot-seismograms 120 bash test/e2e/plot_seismograms.sh "$PWD/test-output/plot-seismograms"
# tools/compare_seismograms: peak ratio, lag sign and fraction, the pulse-width conversion on records built in awk.
cmd_check compare-seismograms 60 bash test/e2e/compare_seismograms.sh "$PWD/test-output/compare-seismograms"
# tools/loh_semi_analytic: the SCEC semi-analytic records filter, scale, rotation and vertical sign, on spikes.
cmd_check loh-semi-analytic 60 bash test/e2e/loh_semi_analytic.sh "$PWD/test-output/loh-semi-analytic"
