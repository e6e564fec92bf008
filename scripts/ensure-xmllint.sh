#!/usr/bin/env bash
# Part of the project's set-up (npm test runs it first): junit.xml is validated against the JUnit XSD with xmllint,
# from Debian's libxml2-utils. Installs it when missing and we may (root with apt-get); otherwise says so, and the
# validation test reports itself skipped.
set -u
if command -v xmllint >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "arbiter: installing Debian's libxml2-utils (xmllint) for the junit.xml schema test (once)..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-utils) >"${TMPDIR:-/tmp}/arbiter-xmllint-install.log" 2>&1 \
    || echo "arbiter: could not install libxml2-utils (see ${TMPDIR:-/tmp}/arbiter-xmllint-install.log); the junit.xml schema test will be skipped" >&2
else
  echo "arbiter: xmllint not found and cannot be installed here (not root, or no apt-get); the junit.xml schema test will be skipped" >&2
fi
exit 0
