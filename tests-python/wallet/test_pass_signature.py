"""A downloaded Wallet pass verifies with OpenSSL against the development root, and stops
verifying when one byte of pass.json changes (docs/loyalty.md; openapi/loyalty.yaml, the wallet-pass download)."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from mockserver import MockServer

PASS_TYPE = "pass.com.example.mock.loyalty"
OPENSSL = shutil.which("openssl")


@pytest.fixture(scope="module")
def mock(tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("data")
    with MockServer("--data-dir", str(data_dir)) as server:
        yield server


def download(mock: MockServer, member: str = "member-gold") -> bytes:
    status, headers, body = mock.exchange_raw("GET", f"/loyalty/v1/wallet-pass?passId={PASS_TYPE}", headers={"Poq-User-Id": member})
    assert status == 200, body[:300]
    assert headers["content-type"] == "application/vnd.apple.pkpass"
    assert headers["content-disposition"] == 'attachment; filename="loyalty.pkpass"'
    assert headers["last-modified"].endswith(" GMT")
    return body


def unpack(archive: bytes, folder: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(archive)) as package:
        files = {name: package.read(name) for name in package.namelist()}
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return files


def verify(folder: Path, root: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [OPENSSL, "smime", "-verify", "-binary", "-inform", "DER", "-in", str(folder / "signature"),
         "-content", str(folder / "manifest.json"), "-CAfile", str(root), "-purpose", "any", "-out", "/dev/null"],
        capture_output=True, text=True,
    )


@pytest.mark.skipif(OPENSSL is None, reason="openssl is not installed (.ci/run installs it)")
def test_a_downloaded_pass_verifies_and_a_changed_byte_does_not(mock, tmp_path):
    root = tmp_path / "root.pem"
    status, _, pem = mock.exchange_raw("GET", "/_mock/wallet/ca.pem")
    assert status == 200
    root.write_bytes(pem)

    folder = tmp_path / "pass"
    folder.mkdir()
    files = unpack(download(mock), folder)
    assert {"pass.json", "manifest.json", "signature", "icon.png", "logo.png"} <= set(files)
    manifest = json.loads(files["manifest.json"])
    assert set(manifest) == set(files) - {"manifest.json", "signature"}
    for name, digest in manifest.items():
        assert hashlib.sha1(files[name]).hexdigest() == digest, name

    card = json.loads(files["pass.json"])
    assert card["serialNumber"] == "6001234567890"
    assert card["passTypeIdentifier"] == PASS_TYPE
    assert card["barcodes"][0]["format"] == "PKBarcodeFormatCode128"
    assert card["barcodes"][0]["message"] == "6001234567890"
    assert card["webServiceURL"] == f"{mock.base_url}/wallet"

    verified = verify(folder, root)
    assert verified.returncode == 0, verified.stderr

    tampered = bytearray(files["pass.json"])
    tampered[tampered.index(b"Mock Retail")] ^= 0x01
    (folder / "pass.json").write_bytes(bytes(tampered))
    assert hashlib.sha1(bytes(tampered)).hexdigest() != manifest["pass.json"], "the manifest no longer matches pass.json"
    # The signature covers manifest.json: a manifest rewritten for the tampered pass.json fails too.
    manifest["pass.json"] = hashlib.sha1(bytes(tampered)).hexdigest()
    (folder / "manifest.json").write_bytes(json.dumps(manifest).encode())
    refused = verify(folder, root)
    assert refused.returncode != 0, "a changed manifest must not verify"


def test_qr_members_get_a_qr_barcode(mock, tmp_path):
    files = unpack(download(mock, "member-qr"), tmp_path)
    assert json.loads(files["pass.json"])["barcodes"][0]["format"] == "PKBarcodeFormatQR"
