"""The mock's webhook deliveries against the official `standardwebhooks` verifier.

One mock process (``--webhook-retry-profile fast``) for the module; every test uses its own
tenant (``/t/<name>/_mock``) and its own receiver, so endpoints never overlap.
"""

from __future__ import annotations

import base64
import json
import os
import time

import pytest
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from mockserver import EVENT_KINDS, MockServer
from receiver import Receiver



def new_secret() -> str:
    return "whsec_" + base64.b64encode(os.urandom(32)).decode()


@pytest.fixture(scope="module")
def mock():
    with MockServer("--webhook-retry-profile", "fast") as server:
        yield server


@pytest.fixture
def receiver():
    with Receiver() as started:
        yield started


def signature_entries(headers: dict) -> list[str]:
    return headers["webhook-signature"].split(" ")


def only_delivery(receiver: Receiver, webhook_id: str):
    assert receiver.wait_for(lambda r: webhook_id in r.verified, timeout=20), (
        f"no verified delivery of {webhook_id}; rejections: {[d.error for d in receiver.rejections]}"
    )
    with receiver.lock:
        return receiver.verified[webhook_id][0]


def test_every_kind_verifies_and_matches_the_delivery_log(mock, receiver):
    tenant = mock.tenant("interop-kinds")
    secret = new_secret()
    receiver.set_secrets(secret)
    endpoint = tenant.create_endpoint(receiver.url, secret=secret)
    assert endpoint["secret"] == secret and endpoint["enabled"] is True

    triggered = {}
    for index, kind in enumerate(EVENT_KINDS):
        answer = tenant.trigger(kind, f"driver-{index}")
        assert answer["message_ids"] == [answer["event_id"]], answer  # one endpoint: the message takes the event's id
        triggered[answer["event_id"]] = kind

    assert receiver.wait_for(lambda r: set(triggered) <= set(r.acks_2xx), timeout=30), (
        f"missing deliveries: {set(triggered) - set(receiver.acks_2xx)}; rejections: {[d.error for d in receiver.rejections]}"
    )
    assert tenant.wait_until_settled(timeout=10) == []
    assert receiver.rejections == []

    messages = {message["id"]: message for message in tenant.messages(endpoint_id=endpoint["id"])}
    events = {event["id"]: event for event in tenant.events()}
    assert set(messages) == set(triggered)
    for webhook_id, kind in triggered.items():
        message = messages[webhook_id]
        assert message["status"] == "delivered", message
        assert message["event"] == kind and message["event_id"] == webhook_id
        assert [attempt["status_code"] for attempt in message["attempts"]] == [200]

        delivery = only_delivery(receiver, webhook_id)
        assert len(receiver.verified[webhook_id]) == 1
        # The official verifier, called here directly too: it answers the parsed body.
        parsed = Webhook(secret).verify(delivery.body, delivery.headers)
        assert parsed == message["payload"], f"{kind}: body differs from the logged payload"
        assert parsed == events[webhook_id]["payload"], f"{kind}: body differs from the event stream"
        assert json.loads(delivery.body) == parsed

        headers = delivery.headers
        assert headers["webhook-id"] == webhook_id
        assert headers["authorization"] == "APIKEY mock-api-key"
        assert headers["content-type"].startswith("application/json")
        assert abs(int(headers["webhook-timestamp"]) - time.time()) < 300
        assert len(signature_entries(headers)) == 1, headers["webhook-signature"]
        if "webhook_event_id" in parsed:
            assert parsed["webhook_event_id"] == webhook_id

        # A different secret does not verify.
        with pytest.raises(WebhookVerificationError):
            Webhook(new_secret()).verify(delivery.body, delivery.headers)


def test_tampered_body_and_signature_are_rejected(mock, receiver):
    tenant = mock.tenant("interop-tamper")
    secret = new_secret()
    receiver.set_secrets(secret)
    tenant.create_endpoint(receiver.url, secret=secret)
    webhook_id = tenant.trigger("engagement", "d1")["event_id"]
    delivery = only_delivery(receiver, webhook_id)
    webhook = Webhook(secret)
    webhook.verify(delivery.body, delivery.headers)  # the untouched delivery verifies

    # One byte of the body changed (to another ASCII character, so it still decodes).
    for position in (0, len(delivery.body) // 2, len(delivery.body) - 1):
        tampered = bytearray(delivery.body)
        tampered[position] = ord("x") if tampered[position] != ord("x") else ord("y")
        with pytest.raises(WebhookVerificationError):
            webhook.verify(bytes(tampered), delivery.headers)

    # One bit of the signature changed, the header still well formed.
    version, signature = delivery.headers["webhook-signature"].split(",", 1)
    raw = bytearray(base64.b64decode(signature))
    raw[len(raw) // 2] ^= 0x01
    headers = dict(delivery.headers, **{"webhook-signature": f"{version},{base64.b64encode(bytes(raw)).decode()}"})
    with pytest.raises(WebhookVerificationError):
        webhook.verify(delivery.body, headers)

    # The signature covers the id and the timestamp too.
    with pytest.raises(WebhookVerificationError):
        webhook.verify(delivery.body, dict(delivery.headers, **{"webhook-id": webhook_id + "0"}))
    with pytest.raises(WebhookVerificationError):
        webhook.verify(delivery.body, dict(delivery.headers, **{"webhook-timestamp": str(int(delivery.headers["webhook-timestamp"]) - 1)}))

    assert receiver.rejections == []


def test_rotated_secret_signs_with_old_and_new(mock, receiver):
    tenant = mock.tenant("interop-rotate")
    old = new_secret()
    receiver.set_secrets(old)
    endpoint = tenant.create_endpoint(receiver.url, secret=old)

    before = only_delivery(receiver, tenant.trigger("qualification", "d1")["event_id"])
    assert len(signature_entries(before.headers)) == 1

    rotated = tenant.rotate_secret(endpoint["id"])
    new = rotated["secret"]
    assert rotated["id"] == endpoint["id"]
    assert new != old and new.startswith("whsec_")
    assert len(base64.b64decode(new[len("whsec_"):])) >= 24

    receiver.set_secrets([old, new])
    after = only_delivery(receiver, tenant.trigger("engagement", "d1")["event_id"])
    assert len(signature_entries(after.headers)) == 2, after.headers["webhook-signature"]
    # Each secret alone verifies the delivery after the rotation.
    assert Webhook(old).verify(after.body, after.headers) == json.loads(after.body)
    assert Webhook(new).verify(after.body, after.headers) == json.loads(after.body)
    with pytest.raises(WebhookVerificationError):
        Webhook(new_secret()).verify(after.body, after.headers)
    # Each entry matches exactly one of the secrets.
    for secret in (old, new):
        matching = [
            entry for entry in signature_entries(after.headers)
            if _verifies_alone(secret, after, entry)
        ]
        assert len(matching) == 1, f"{secret[:12]}…: {matching}"
    assert receiver.rejections == []


def test_old_secret_stops_signing_after_24_hours_of_tenant_time(mock, receiver):
    tenant = mock.tenant("interop-rotate-expiry")
    tenant.set_clock(now="2024-06-03T12:00:00Z")  # frozen
    old = new_secret()
    receiver.set_secrets(old)
    endpoint = tenant.create_endpoint(receiver.url, secret=old)
    new = tenant.rotate_secret(endpoint["id"])["secret"]
    receiver.set_secrets([old, new])

    # Frozen clock, first attempt (delay 0) goes out; the wall-clock timestamp keeps it fresh.
    within = only_delivery(receiver, tenant.trigger("engagement", "d1")["event_id"])
    assert abs(int(within.headers["webhook-timestamp"]) - time.time()) < 300
    Webhook(old).verify(within.body, within.headers)
    Webhook(new).verify(within.body, within.headers)

    tenant.set_clock(advance_seconds=24 * 3600 + 1)
    later = only_delivery(receiver, tenant.trigger("engagement", "d1")["event_id"])
    assert len(signature_entries(later.headers)) == 1, later.headers["webhook-signature"]
    Webhook(new).verify(later.body, later.headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(old).verify(later.body, later.headers)


def _verifies_alone(secret: str, delivery, entry: str) -> bool:
    try:
        Webhook(secret).verify(delivery.body, dict(delivery.headers, **{"webhook-signature": entry}))
        return True
    except WebhookVerificationError:
        return False
