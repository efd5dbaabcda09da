/* keep_dlopened.c: dlclose() that keeps the library loaded, for the sanitizer runs (.ci/run).
 *
 * Why: MPI libraries load plugins with dlopen and unload them in MPI_Finalize; the memory they
 * leave behind is reported by LeakSanitizer at exit, when the plugin is gone, so its stack
 * shows "<unknown module>" and no suppression by library name (tools/lsan.supp) can match it.
 * Preloaded (LD_PRELOAD, with ASAN_OPTIONS=verify_asan_link_order=0), this keeps every plugin
 * mapped, so the stacks name their libraries. It changes nothing else. */
int dlclose(void *handle) {
  (void)handle;
  return 0;
}
