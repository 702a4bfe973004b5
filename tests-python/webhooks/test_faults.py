"""1,000 events to one endpoint whose receiver fails at random; every one arrives exactly once.

The mock runs with ``--webhook-retry-profile fast`` (attempts at 0, 100, 200, 400, 800 ms) and a
copy of the fixtures whose tenant.json sets ``webhook_timeout_ms: 300``. The receiver answers
500 (25 %), sleeps past the timeout then drops the connection (10 %), drops the connection at
once (10 %) or answers 200 (the rest), never failing one message more than 3 times in a row, so
the 5 attempts of the profile always suffice. The fault of each attempt comes from a RNG seeded
with (SEED, webhook-id, attempt number), and the mock runs with ``--seed``, so a run repeats.
"""

from __future__ import annotations

import base64
import collections
import hashlib
import random
import time

import pytest

from mockserver import EVENT_KINDS, MockServer, fixtures_copy
from receiver import DROP, FAIL_500, OK, TIMEOUT, Receiver

SEED = 20261123
EVENTS = 1_000
TIMEOUT_MS = 300
SETTLE_SECONDS = 90

SECRET = "whsec_" + base64.b64encode(hashlib.sha256(b"test_faults").digest()).decode()


def fault_plan(webhook_id: str, attempt: int, in_a_row: int) -> str:
    roll = random.Random(f"{SEED}:{webhook_id}:{attempt}").random()
    if roll < 0.25:
        return FAIL_500
    if roll < 0.35:
        return TIMEOUT
    if roll < 0.45:
        return DROP
    return OK


@pytest.fixture(scope="module")
def mock(tmp_path_factory):
    fixtures = fixtures_copy(tmp_path_factory.mktemp("faults") / "fixtures", webhook_timeout_ms=TIMEOUT_MS)
    with MockServer("--webhook-retry-profile", "fast", "--fixtures", str(fixtures), "--seed", str(SEED)) as server:
        yield server


def test_thousand_events_with_random_faults_arrive_exactly_once(mock):
    # Sleeps well past the mock's 300 ms timeout before dropping the connection.
    with Receiver(secrets=SECRET, fault_plan=fault_plan, max_consecutive_failures=3, timeout_sleep=1.0) as receiver:
        endpoint = mock.create_endpoint(receiver.url, secret=SECRET)

        started = time.monotonic()
        event_ids = []
        for index in range(EVENTS):
            answer = mock.trigger(EVENT_KINDS[index % len(EVENT_KINDS)], f"driver-{index % 97}")
            assert answer["message_ids"] == [answer["event_id"]], answer
            event_ids.append(answer["event_id"])
        assert len(set(event_ids)) == EVENTS
        triggered = time.monotonic() - started

        pending = mock.wait_until_settled(timeout=SETTLE_SECONDS, interval=0.5)
        settled = time.monotonic() - started
        assert pending == [], f"{len(pending)} messages still pending after {SETTLE_SECONDS} s, e.g. {pending[:1]}"

        messages = mock.messages(endpoint_id=endpoint["id"])
        by_status = collections.Counter(message["status"] for message in messages)
        failed = [message for message in messages if message["status"] == "failed"]
        assert failed == [], f"{len(failed)} failed, e.g. {failed[:1]}"
        assert by_status == {"delivered": EVENTS}, by_status
        assert {message["id"] for message in messages} == set(event_ids)

        with receiver.lock:
            acks = dict(receiver.acks_2xx)
            faults = dict(receiver.faults)
            rejections = list(receiver.rejections)
            deliveries = list(receiver.deliveries)
            seen = collections.Counter(delivery.webhook_id for delivery in deliveries)

        assert rejections == [], f"{len(rejections)} deliveries failed verification, e.g. {rejections[0].error}"
        assert all(delivery.verified for delivery in deliveries)
        assert set(acks) == set(event_ids), f"never acknowledged: {len(set(event_ids) - set(acks))}, unknown: {set(acks) - set(event_ids)}"
        twice = {webhook_id: count for webhook_id, count in acks.items() if count != 1}
        assert twice == {}, f"acknowledged with 2xx more than once: {len(twice)}, e.g. {list(twice.items())[:5]}"

        # The faults really happened, and the mock's log agrees with the receiver.
        assert faults.get(FAIL_500, 0) > 100 and faults.get(TIMEOUT, 0) > 30 and faults.get(DROP, 0) > 30, faults
        assert faults[OK] == EVENTS
        attempts = collections.Counter()
        for message in messages:
            codes = [attempt["status_code"] for attempt in message["attempts"]]
            assert 1 <= len(codes) <= 5 and codes[-1] == 200, (message["id"], message["attempts"])
            assert all(code != 200 for code in codes[:-1]), (message["id"], message["attempts"])
            attempts[len(codes)] += 1
            assert len(codes) == seen[message["id"]], (
                f"{message['id']}: the mock logged {len(codes)} attempts, the receiver saw {seen[message['id']]}: {message['attempts']}"
            )
        print(
            f"\n{EVENTS} events: triggered in {triggered:.1f} s, settled in {settled:.1f} s; "
            f"faults {faults}; attempts per message {dict(sorted(attempts.items()))}"
        )
