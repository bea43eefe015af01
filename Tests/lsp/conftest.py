"""`vitals lsp` driven over stdio by pytest-lsp, on Tests/Fixtures/LSP/catalog.

VITALS_BIN names the vitals to test (default: the debug build). Each test starts its own
server with a database of its own (the fixture's fiber, imported from fiber.csv) in a
temporary directory that is removed afterwards.
"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

HERE = pathlib.Path(__file__).resolve().parent
PACKAGE = HERE.parent.parent
FIXTURE = HERE.parent / "Fixtures" / "LSP" / "catalog"
VITALS = os.environ.get("VITALS_BIN") or str(PACKAGE / ".build" / "debug" / "vitals")

# One directory for the session, removed at its end: a catalog copy and the database.
SCRATCH = tempfile.mkdtemp(prefix="vitals-lsp-")
CATALOG = pathlib.Path(SCRATCH) / "catalog"
DATABASE = pathlib.Path(SCRATCH) / "vitals.sqlite"
shutil.copytree(FIXTURE, CATALOG)
ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": SCRATCH, "XDG_DATA_HOME": SCRATCH,
       "XDG_CONFIG_HOME": SCRATCH, "NO_COLOR": "1", "LC_ALL": "C.UTF-8", "TZ": "UTC"}
subprocess.run([VITALS, "import", "csv", str(HERE / "fiber.csv"), "--series", "fiber", "--db", str(DATABASE),
                "--catalog", str(CATALOG)], check=True, env=ENV, capture_output=True)


def pytest_sessionfinish(session, exitstatus):
    shutil.rmtree(SCRATCH, ignore_errors=True)


def uri(name: str) -> str:
    return (CATALOG / name).as_uri()


def text(name: str) -> str:
    return (CATALOG / name).read_text()


@pytest_lsp.fixture(config=ClientServerConfig(
    server_command=[VITALS, "lsp", "--db", str(DATABASE), "--as-of", "2026-06-15", "--chart-width", "50"],
    server_env=ENV))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("neovim"), root_uri=CATALOG.as_uri()))
    yield
    await lsp_client.shutdown_session()
