"""The wheel's dependencies install on Windows, macOS and Linux from binary wheels alone.

pip is asked to resolve ``[project] dependencies`` for another system (``pip install
--dry-run --only-binary=:all: --platform TAG --python-version 3.11 --report``: the same
resolver as ``pip download``, but reading each wheel's metadata without downloading
it). pip checks the wheel tags of that system but evaluates environment markers
(``sys_platform == "win32"``) for the machine it runs on, so the markers are evaluated
here for the target system, and what they add there (pywin32 for accessible_output2 on
Windows, pyobjc for pyttsx3 on macOS…) is resolved in a further round, until nothing
is added.

Marked ``index``; skipped, with the reason, when the package index cannot be reached.
A success is kept in pytest's cache for a day for the same dependency list. The targets not kept are resolved at
once, each in a thread of its own (pip mostly waits for the index).
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PYTHON = "3.11"
#: pip platform tags, and the marker values of that system.
TARGETS: dict[str, tuple[list[str], dict[str, str]]] = {
    "windows": (["win_amd64"], {"sys_platform": "win32", "platform_system": "Windows", "os_name": "nt",
                                "platform_machine": "AMD64"}),
    "macos": (["macosx_11_0_arm64"], {"sys_platform": "darwin", "platform_system": "Darwin", "os_name": "posix",
                                      "platform_machine": "arm64"}),
    "linux": (["manylinux_2_28_x86_64", "manylinux2014_x86_64"], {
        "sys_platform": "linux", "platform_system": "Linux", "os_name": "posix", "platform_machine": "x86_64"}),
}
#: Packages a target must end up with: proof that its markers were followed.
EXPECTED = {"windows": {"pywin32", "comtypes", "libloader"}, "macos": {"pyobjc-core", "appscript"}, "linux": set()}
#: What pip prints when it cannot reach the index (not when a package has no wheel).
UNREACHABLE = re.compile(r"NewConnectionError|Failed to establish a new connection|Temporary failure in name resolution|"
                         r"Max retries exceeded|ConnectTimeout|ReadTimeout|ProxyError|Network is unreachable|"
                         r"Could not fetch URL")
CACHE_KEY = "companion/dependencies-resolved"
CACHE_SECONDS = 24 * 3600


def dependencies() -> list[str]:
    return list(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"])


def environment(markers: dict[str, str]) -> dict[str, str]:
    return {"python_version": PYTHON, "python_full_version": PYTHON + ".9", "implementation_name": "cpython",
            "platform_python_implementation": "CPython", "implementation_version": PYTHON + ".9", "extra": "",
            **markers}


def applicable(requirement: Requirement, env: dict[str, str]) -> bool:
    return requirement.marker is None or requirement.marker.evaluate(env)


def bare(requirement: Requirement) -> str:
    """The requirement without its marker (already evaluated for the target)."""
    extras = f"[{','.join(sorted(requirement.extras))}]" if requirement.extras else ""
    return f"{requirement.name}{extras}{requirement.specifier}"


def pip_resolve(requirements: list[str], platforms: list[str], work: Path) -> dict[str, Any]:
    report = work / "report.json"
    command = [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--only-binary=:all:",
               "--python-version", PYTHON, "--implementation", "cp", "--target", str(work / "target"),
               "--disable-pip-version-check", "--quiet", "--timeout", "30", "--retries", "1", "--report", str(report)]
    for platform in platforms:
        command += ["--platform", platform]
    result = subprocess.run(command + requirements, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        if UNREACHABLE.search(result.stdout + result.stderr):
            pytest.skip("the package index cannot be reached: " + result.stderr.strip().splitlines()[-1])
        pytest.fail(f"pip cannot resolve {requirements} for {platforms} from binary wheels:\n{result.stderr}")
    data: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    return data


def missing_by_markers(report: dict[str, Any], env: dict[str, str]) -> set[str]:
    """Requirements that the target's markers add and pip, evaluating them for this machine, left out."""
    installed = {canonicalize_name(item["metadata"]["name"]) for item in report["install"]}
    missing = set()
    for item in report["install"]:
        for line in item["metadata"].get("requires_dist") or []:
            requirement = Requirement(line)
            extras = {canonicalize_name(e) for e in item.get("requested_extras") or []}
            wanted = requirement.marker is None or any(
                requirement.marker.evaluate({**env, "extra": extra}) for extra in {"", *extras})
            if wanted and canonicalize_name(requirement.name) not in installed:
                missing.add(bare(requirement))
    return missing


def resolve_for(target: str, work: Path) -> dict[str, Any]:
    platforms, markers = TARGETS[target]
    env = environment(markers)
    requirements = sorted(bare(r) for r in map(Requirement, dependencies()) if applicable(r, env))
    for _ in range(5):
        report = pip_resolve(requirements, platforms, work)
        added = missing_by_markers(report, env)
        if not added:
            return report
        requirements = sorted(set(requirements) | added)
    pytest.fail(f"the markers of {target} keep adding requirements: {sorted(added)}")


def test_markers_are_evaluated_for_the_target_system() -> None:
    report = {"install": [{"metadata": {"name": "pyttsx3", "requires_dist": [
        'comtypes; platform_system == "Windows"', 'pyobjc>=2.4; platform_system == "Darwin"']}},
        {"metadata": {"name": "comtypes", "requires_dist": None}}]}
    assert missing_by_markers(report, environment(TARGETS["windows"][1])) == set()
    assert missing_by_markers(report, environment(TARGETS["macos"][1])) == {"pyobjc>=2.4"}
    assert not Marker('sys_platform == "win32"').evaluate(environment(TARGETS["linux"][1]))


def kept(config: pytest.Config, target: str) -> set[str] | None:
    """The packages resolved for ``target`` by a success of the last day, for the same dependency list (else None)."""
    cache = getattr(config, "cache", None)  # None under -p no:cacheprovider
    found = cache.get(f"{CACHE_KEY}/{target}", None) if cache is not None else None
    if found and found.get("digest") == digest(target) and time.time() - found.get("time", 0) < CACHE_SECONDS:
        return set(found["names"])
    return None


def digest(target: str) -> str:
    return hashlib.sha256(json.dumps([target, TARGETS[target], dependencies()]).encode()).hexdigest()


@pytest.fixture(scope="module")
def resolutions(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Future[Any]]]:
    """Each target's resolution not kept in the cache, all asked at once: pip mostly waits for the index (a few
    seconds of work in half a minute), so the three targets wait together. A skip or a failure is the test's."""
    asked = {item.callspec.params["target"] for item in request.session.items
             if item.path == request.path and "target" in getattr(getattr(item, "callspec", None), "params", {})}
    targets = [t for t in sorted(asked) if kept(request.config, t) is None]
    with ThreadPoolExecutor(max_workers=len(TARGETS)) as pool:
        yield {t: pool.submit(resolve_for, t, tmp_path_factory.mktemp(f"resolve-{t}")) for t in targets}


@pytest.mark.index
@pytest.mark.timeout(900)
@pytest.mark.parametrize("target", sorted(TARGETS))
def test_the_dependencies_install_from_binary_wheels(target: str, resolutions: dict[str, Future[Any]],
                                                     request: pytest.FixtureRequest) -> None:
    names = kept(request.config, target)
    if names is None:
        report = resolutions[target].result()
        assert all(item["download_info"]["url"].endswith(".whl") for item in report["install"])
        names = {canonicalize_name(item["metadata"]["name"]) for item in report["install"]}
        cache = getattr(request.config, "cache", None)
        if cache is not None:
            cache.set(f"{CACHE_KEY}/{target}", {"digest": digest(target), "time": time.time(), "names": sorted(names)})
    env = environment(TARGETS[target][1])
    assert {canonicalize_name(r.name) for r in map(Requirement, dependencies()) if applicable(r, env)} <= names
    assert EXPECTED[target] <= names
