"""The app's own Wallet pass id: out of the box (no flag, no setting) any well-formed ``passId``
names the pass type; ``serve --pass-type-id`` alone (no certificates) and the tenant setting
``wallet_pass_type_id`` make the development chain sign passes of that id only. Every pass
verifies with OpenSSL against the development root; a refused ``passId`` is 400."""

from __future__ import annotations

import json

import pytest

from mockserver import MockServer
from test_pass_signature import OPENSSL, unpack, verify

APP_PASS_TYPE = "pass.com.poqstudio.demo.loyaltycard"
MEMBER = {"Poq-User-Id": "member-gold"}


def root_pem(mock: MockServer, folder):
    status, _, pem = mock.exchange_raw("GET", "/_mock/wallet/ca.pem")
    assert status == 200
    root = folder / "root.pem"
    root.write_bytes(pem)
    return root


def download_and_verify(mock: MockServer, pass_type: str, folder, prefix: str = "") -> dict:
    status, headers, body = mock.exchange_raw(
        "GET", f"{prefix}/loyalty/v1/wallet-pass?passId={pass_type}", headers=MEMBER
    )
    assert status == 200, body[:300]
    assert headers["content-type"] == "application/vnd.apple.pkpass"
    folder.mkdir()
    files = unpack(body, folder)
    card = json.loads(files["pass.json"])
    assert card["passTypeIdentifier"] == pass_type
    verified = verify(folder, root_pem(mock, folder))
    assert verified.returncode == 0, verified.stderr
    return card


def refused(mock: MockServer, pass_type: str, prefix: str = "") -> None:
    status, headers, body = mock.exchange(
        "GET", f"{prefix}/loyalty/v1/wallet-pass?passId={pass_type}", headers=MEMBER
    )
    assert status == 400, body
    assert headers["content-type"] == "application/problem+json"
    assert body["type"] == "urn:mock:loyalty:invalid-pass-id"


@pytest.mark.skipif(OPENSSL is None, reason="openssl is not installed (.ci/run installs it)")
def test_the_pass_type_id_flag_alone_signs_the_apps_id(tmp_path):
    data_dir = tmp_path / "data"
    with MockServer("--data-dir", str(data_dir), "--pass-type-id", APP_PASS_TYPE) as mock:
        assert mock.call("GET", "/_mock/config")["wallet_pass_type_id"] == APP_PASS_TYPE
        card = download_and_verify(mock, APP_PASS_TYPE, tmp_path / "pass")
        refused(mock, "pass.com.example.mock.loyalty")
        refused(mock, "pass.com.example.other")
        # The PassKit web service answers under the same id.
        status, _, _ = mock.exchange_raw(
            "GET", f"/wallet/v1/passes/{APP_PASS_TYPE}/{card['serialNumber']}",
            headers={"Authorization": f"ApplePass {card['authenticationToken']}"},
        )
        assert status == 200


@pytest.mark.skipif(OPENSSL is None, reason="openssl is not installed (.ci/run installs it)")
def test_the_tenant_setting_changes_the_id_of_that_tenant_only(tmp_path):
    with MockServer("--data-dir", str(tmp_path / "data")) as mock:
        tenant = "/t/app-team"
        patched = mock.call("PATCH", f"{tenant}/_mock/config", {"wallet_pass_type_id": APP_PASS_TYPE})
        assert patched["wallet_pass_type_id"] == APP_PASS_TYPE
        download_and_verify(mock, APP_PASS_TYPE, tmp_path / "tenant-pass", prefix=tenant)
        refused(mock, "pass.com.example.mock.loyalty", prefix=tenant)
        # The default tenant configures none: any pass type id is served there.
        download_and_verify(mock, "pass.com.example.mock.loyalty", tmp_path / "default-pass")
        status, _, body = mock.exchange("PATCH", f"{tenant}/_mock/config", {"wallet_pass_type_id": "com.example.nope"})
        assert status == 400
        assert "wallet_pass_type_id must be null or a pass type id" in body["detail"]


@pytest.mark.skipif(OPENSSL is None, reason="openssl is not installed (.ci/run installs it)")
def test_out_of_the_box_the_apps_own_pass_id_is_served(tmp_path):
    with MockServer("--data-dir", str(tmp_path / "data")) as mock:
        assert mock.call("GET", "/_mock/config")["wallet_pass_type_id"] is None
        card = download_and_verify(mock, APP_PASS_TYPE, tmp_path / "app-pass")
        # The member's pass keeps the id the app named: the PassKit web service answers under it.
        status, _, _ = mock.exchange_raw(
            "GET", f"/wallet/v1/passes/{APP_PASS_TYPE}/{card['serialNumber']}",
            headers={"Authorization": f"ApplePass {card['authenticationToken']}"},
        )
        assert status == 200
        status, _, _ = mock.exchange_raw(
            "GET", f"/wallet/v1/passes/pass.com.example.mock.loyalty/{card['serialNumber']}",
            headers={"Authorization": f"ApplePass {card['authenticationToken']}"},
        )
        assert status == 404
        refused(mock, "com.poqstudio.demo.loyaltycard")
