#!/usr/bin/env python3
"""
Arbiter adapter for MetaStone: starts ONE Java process (ArbiterMetaStone.java, in this folder) against the user's
MetaStone build, which then speaks Arbiter's protocol on stdin/stdout for every case (the JVM stays alive).

Usage:  METASTONE_CLASSPATH=<classpath of your MetaStone build> \\
            node bin/arbiter.mjs run --sim "python3 adapters/metastone/adapter.py"

METASTONE_CLASSPATH must hold MetaStone's compiled classes (its shared and game modules), its card data folder
(the folder that contains cards/, i.e. MetaStone's cards/src/main/resources, or the cards jar) and its runtime
libraries (gson, commons-io, jsoup, slf4j-api; an slf4j binding is optional). See README.md.

The adapter class is compiled once with javac into a cache folder ($ARBITER_CACHE or $TMPDIR/arbiter-metastone-<hash>);
without javac it falls back to Java's source-file mode (slower start). JAVA (default: java) and JAVAC (default:
javac) name the tools; METASTONE_VERSION overrides the version reported in the hello.
"""
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "ArbiterMetaStone.java")
SPEC_CARDS = os.path.abspath(os.path.join(HERE, "..", "..", "spec", "cards"))


def fail(msg):
    sys.stderr.write(f"adapters/metastone: {msg}. See adapters/metastone/README.md\n")
    sys.exit(2)


def main():
    cp = os.environ.get("METASTONE_CLASSPATH")
    if not cp:
        fail("set METASTONE_CLASSPATH to the classpath of your MetaStone build (classes, card resources, libraries)")
    missing = [p for p in cp.split(os.pathsep) if p and not p.endswith("*") and not os.path.exists(p)]
    if missing:
        fail(f"METASTONE_CLASSPATH names paths that do not exist: {', '.join(missing)}")
    java = os.environ.get("JAVA") or shutil.which("java")
    if not java:
        fail("no java on PATH (set JAVA)")
    version = os.environ.get("METASTONE_VERSION") or "unknown"
    if not os.environ.get("USER_HOME_METASTONE"):
        # MetaStone reads its cards from $USER_HOME_METASTONE/cards when it cannot read them from the classpath
        # (Java 9+): use the classpath folder that holds MetaStone's cards/ folder.
        for p in cp.split(os.pathsep):
            if os.path.isdir(os.path.join(p, "cards")):
                os.environ["USER_HOME_METASTONE"] = p
                break

    javac = os.environ.get("JAVAC") or shutil.which("javac")
    if javac:
        with open(SOURCE, "rb") as f:
            key = hashlib.sha256(f.read() + cp.encode()).hexdigest()[:16]
        cache = os.environ.get("ARBITER_CACHE") or os.path.join(tempfile.gettempdir(), f"arbiter-metastone-{key}")
        if not os.path.isfile(os.path.join(cache, "ArbiterMetaStone.class")):
            os.makedirs(cache, exist_ok=True)
            r = subprocess.run([javac, "-nowarn", "-encoding", "UTF-8", "-cp", cp, "-d", cache, SOURCE],
                               stdout=sys.stderr, stderr=sys.stderr)
            if r.returncode != 0:
                fail("javac could not compile ArbiterMetaStone.java against METASTONE_CLASSPATH")
        argv = [java, "-cp", cache + os.pathsep + cp, "ArbiterMetaStone", SPEC_CARDS, version]
    else:
        argv = [java, "-cp", cp, SOURCE, SPEC_CARDS, version]
    sys.stdout.flush()
    os.execv(java, argv)  # the JVM takes over stdin/stdout: one process for every case


if __name__ == "__main__":
    main()
