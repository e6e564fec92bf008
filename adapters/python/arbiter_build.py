"""
The build backend of the ``arbiter-adapter`` package (PEP 517, standard library only), so that
``pip install ./adapters/python`` works offline and with ``--no-build-isolation`` whatever setuptools or wheel the
environment has (a Python 3.11 venv's setuptools 65 cannot build a wheel without the separate ``wheel`` package).

It builds a pure-Python wheel holding ``arbiter_adapter.py`` and an sdist of this folder's sources; name, version,
summary and Python requirement come from ``pyproject.toml``'s ``[project]`` table.
"""
from __future__ import annotations

import base64
import hashlib
import io
import os
import tarfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
MODULES = ["arbiter_adapter.py"]
SDIST_FILES = ["pyproject.toml", "arbiter_build.py", "README.md", *MODULES]


def _project() -> dict:
    with open(os.path.join(HERE, "pyproject.toml"), "rb") as f:
        raw = f.read()
    try:
        import tomllib  # Python 3.11+
        return tomllib.loads(raw.decode("utf-8"))["project"]
    except ImportError:  # older Pythons: the [project] table's `key = "string"` lines are all this backend reads
        import re
        table = raw.decode("utf-8").split("[project]", 1)[1].split("\n[", 1)[0]
        p: dict = {k: v for k, v in re.findall(r'^([A-Za-z-]+)\s*=\s*"([^"]*)"', table, re.M)}
        lic = re.search(r'^license\s*=\s*\{\s*text\s*=\s*"([^"]*)"', table, re.M)
        if lic:
            p["license"] = {"text": lic.group(1)}
        return p


def _names() -> tuple[str, str, str]:
    p = _project()
    dist = p["name"].replace("-", "_")
    return p["name"], dist, p["version"]


def _metadata() -> str:
    p = _project()
    lines = ["Metadata-Version: 2.1", f"Name: {p['name']}", f"Version: {p['version']}", f"Summary: {p.get('description', '')}"]
    if p.get("requires-python"):
        lines.append(f"Requires-Python: {p['requires-python']}")
    lic = p.get("license", {})
    if isinstance(lic, dict) and lic.get("text"):
        lines.append(f"License: {lic['text']}")
    return "\n".join(lines) + "\n"


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def _dist_info_files() -> dict[str, bytes]:
    _, dist, version = _names()
    info = f"{dist}-{version}.dist-info"
    return {
        f"{info}/METADATA": _metadata().encode(),
        f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: arbiter_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{info}/top_level.txt": "".join(m[:-3] + "\n" for m in MODULES).encode(),
    }


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _, dist, version = _names()
    for path, data in _dist_info_files().items():
        full = os.path.join(metadata_directory, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)
    return f"{dist}-{version}.dist-info"


def _wheel(wheel_directory: str, files: dict[str, bytes]) -> str:
    _, dist, version = _names()
    name = f"{dist}-{version}-py3-none-any.whl"
    files = {**files, **_dist_info_files()}
    record_path = f"{dist}-{version}.dist-info/RECORD"
    record = "\n".join([_record_line(p, d) for p, d in files.items()] + [f"{record_path},,"]) + "\n"
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in [*files.items(), (record_path, record.encode())]:
            z.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), data)
    return name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    files = {}
    for m in MODULES:
        with open(os.path.join(HERE, m), "rb") as f:
            files[m] = f.read()
    return _wheel(wheel_directory, files)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    # An editable install: a .pth file that puts this folder on sys.path.
    _, dist, _ = _names()
    return _wheel(wheel_directory, {f"{dist}.pth": (HERE + "\n").encode()})


def build_sdist(sdist_directory, config_settings=None):
    _, dist, version = _names()
    base = f"{dist}-{version}"
    name = f"{base}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for rel in SDIST_FILES:
            t.add(os.path.join(HERE, rel), arcname=f"{base}/{rel}")
        pkg_info = _metadata().encode()
        ti = tarfile.TarInfo(f"{base}/PKG-INFO")
        ti.size = len(pkg_info)
        t.addfile(ti, io.BytesIO(pkg_info))
    return name
