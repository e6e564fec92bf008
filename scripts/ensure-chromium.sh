#!/usr/bin/env bash
# Part of the project's set-up (npm test runs it first): the HTML report is tested in headless Chromium, driven by
# playwright-core, using Debian's chromium package. Installs it when missing and we may (root with apt-get);
# otherwise says so, and the browser test reports itself skipped.
set -u
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "arbiter: installing Debian's chromium for the HTML report test (once)..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >"${TMPDIR:-/tmp}/arbiter-chromium-install.log" 2>&1 \
    || echo "arbiter: could not install chromium (see ${TMPDIR:-/tmp}/arbiter-chromium-install.log); the browser test will be skipped" >&2
else
  echo "arbiter: chromium not found and cannot be installed here (not root, or no apt-get); the browser test will be skipped" >&2
fi
exit 0
