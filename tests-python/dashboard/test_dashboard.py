"""The dashboard (`/_mock/ui`) driven in headless Chromium, as a tester would use it.

Applies the new-driver scenario, advances the tenant clock a week with the page's control, and
waits until the driver's offer and the signed qualification delivery show in their panels; then
checks the page at phone width. Also uses the other controls: replays a delivery, adds, sees hit
and deletes a fault rule, sees a 404's near-miss hint in the journal, and downloads a push's simulator file; applies a loyalty reward and
redeems an activity, downloads a member's Wallet pass, authors campaigns from each template and
sends them, watches the event stream, changes the tenant config and switches tenant.
Screenshots go to ``artifacts/`` (CI keeps them as artifacts).
Needs Debian's ``chromium`` and ``chromium-driver`` and the ``selenium`` package: skipped when
they are missing, except under CI (``CI=true``), where that is a failure.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import time
from pathlib import Path

import pytest

from mockserver import REPO_ROOT, MockServer
from receiver import Receiver

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
ARTIFACTS = REPO_ROOT / "artifacts"

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:  # pragma: no cover - reported below
    webdriver = None

missing = [name for name, found in [("chromium", CHROMIUM), ("chromedriver", CHROMEDRIVER), ("selenium", webdriver)] if not found]
if missing:
    if os.environ.get("CI") == "true":
        raise RuntimeError(f"the dashboard test needs {', '.join(missing)} (install: apt-get install chromium chromium-driver; pip install selenium)")
    pytest.skip(f"missing {', '.join(missing)}", allow_module_level=True)


@pytest.fixture
def downloads(tmp_path):
    """The folder the browser saves downloads in."""
    return tmp_path


@pytest.fixture
def browser(downloads):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,1400"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    yield driver
    driver.quit()


def wait(browser, condition, timeout=15, message=""):
    """Polls `condition` until it is truthy and returns its value. A row the page re-rendered
    under the test (stale) or that is not there yet (IndexError) counts as not yet."""
    ignored = (StaleElementReferenceException, IndexError)
    return WebDriverWait(browser, timeout, poll_frequency=0.2, ignored_exceptions=ignored).until(lambda _: condition(), message)


def css(browser, selector):
    return browser.find_elements(By.CSS_SELECTOR, selector)


def click(browser, selector, message=""):
    """Clicks the first element matching `selector`, once it is there and not mid-re-render."""
    wait(browser, lambda: css(browser, selector)[0].click() or True, message=message or selector)


def text(browser, selector):
    """The text of the first element matching `selector`; "" while there is none."""
    found = css(browser, selector)
    return found[0].text if found else ""


def wait_for_text(browser, selector, expected, message=""):
    """Waits until the first element matching `selector` shows `expected` in its text."""
    wait(browser, lambda: expected in text(browser, selector), message=message or f"{expected!r} in {selector}")


def type_into(browser, element_id, value):
    field = browser.find_element(By.ID, element_id)
    field.clear()
    field.send_keys(value)


@contextlib.contextmanager
def dashboard(browser):
    """A fresh mock-platform with the dashboard open in `browser`; yields the server."""
    ARTIFACTS.mkdir(exist_ok=True)
    with MockServer() as mock:
        browser.get(mock.base_url + "/_mock/ui")
        yield mock


def screenshot(browser, name, panel=None):
    """Saves ``artifacts/<name>``, scrolled to the panel with id `panel` when given."""
    if panel:
        browser.execute_script("document.getElementById(arguments[0]).scrollIntoView()", panel)
    browser.save_screenshot(str(ARTIFACTS / name))


def at_phone_width(browser, name, panel=None):
    """Narrows the window to a phone's 390 px, checks nothing scrolls sideways, saves a screenshot."""
    browser.set_window_size(390, 844)
    wait(browser, lambda: browser.execute_script("return window.innerWidth") <= 400, message="phone width")
    overflow = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px at 390px"
    screenshot(browser, name, panel)


def test_apply_a_scenario_advance_the_clock_and_see_the_offer_and_delivery(browser):
    ARTIFACTS.mkdir(exist_ok=True)
    with Receiver() as receiver, MockServer("--webhook-url", receiver.url, "--webhook-retry-profile", "fast") as mock:
        browser.get(mock.base_url + "/_mock/ui")
        click(browser, '[data-scenario="new-driver"] button', message="the scenario list")
        wait(browser, lambda: "+6 planned" in css(browser, 'tr[data-driver="driver-new"]')[0].text, message="driver-new in the drivers panel")
        assert "Applied new-driver" in browser.find_element(By.ID, "status").text
        assert not css(browser, 'tr[data-driver="driver-new"] [data-offer]')

        # The scenario's tenant has the --webhook-url endpoint with a new secret: the receiver verifies with it.
        endpoints = mock.call("GET", "/_mock/webhooks/endpoints")["endpoints"]
        receiver.set_secrets([endpoint["secret"] for endpoint in endpoints])

        amount = browser.find_element(By.ID, "advance-amount")
        amount.clear()
        amount.send_keys("7")
        browser.find_element(By.CSS_SELECTOR, '#advance-unit option[value="86400"]').click()
        browser.find_element(By.ID, "advance-button").click()

        offer = 'tr[data-driver="driver-new"] [data-offer="ad_default_001"]'
        wait(browser, lambda: "active" in css(browser, offer)[0].text, message="the offer, active")
        wait(
            browser,
            lambda: any("delivered" in row.text for row in css(browser, 'tr[data-event="qualification"]')),
            message="the qualification delivery, delivered",
        )
        assert receiver.wait_for(lambda r: any(d.verified for d in r.deliveries), timeout=5), "the receiver verified the delivery"
        status, _ = mock.request("GET", "/iql/v2/ad_unit/driver-new", headers={"Authorization": "APIKEY mock-api-key"})
        assert status == 200
        wait(
            browser,
            lambda: any("/iql/v2/ad_unit/driver-new" in row.text for row in css(browser, "#journal tr[data-request]")),
            message="the app's request in the journal tail",
        )
        browser.save_screenshot(str(ARTIFACTS / "dashboard.png"))

        at_phone_width(browser, "dashboard-phone.png")
        assert css(browser, 'tr[data-driver="driver-new"]')[0].is_displayed(), "the driver at phone width"


def test_a_404_in_the_journal_shows_its_near_miss_hint(browser):
    with dashboard(browser) as mock:
        status, headers, _ = mock.exchange("GET", "/iql/v1/driver/d1/statu", headers={"Authorization": "APIKEY mock-api-key"})
        assert status == 404
        hint = headers["mock-hint"]
        assert "/iql/v1/driver/{driver_id}/status" in hint
        row = '#journal tr[data-request]'
        wait(browser, lambda: "/iql/v1/driver/d1/statu" in text(browser, row), message="the 404 in the journal")
        shown = css(browser, row + " .journal-hint")[0]
        assert shown.text == hint, "the journal row shows the Mock-Hint the app was answered"
        assert shown.is_displayed()
        screenshot(browser, "dashboard-journal-hint.png", "journal-panel")


def test_the_page_asks_for_the_admin_token_and_keeps_it_for_the_tab(browser, downloads):
    with MockServer("--admin-token", "s3cret") as mock:
        browser.get(mock.base_url + "/_mock/ui")
        wait(browser, lambda: browser.find_element(By.ID, "token-form").is_displayed(), message="the token form")
        assert not css(browser, "[data-scenario]"), "no data without the token"
        browser.find_element(By.ID, "token").send_keys("s3cret")
        browser.find_element(By.CSS_SELECTOR, "#token-form button").click()
        wait(browser, lambda: css(browser, '[data-scenario="qualified-driver"]'), message="the scenarios, with the token")
        browser.refresh()
        wait(browser, lambda: css(browser, '[data-scenario="qualified-driver"]'), message="the token survives a reload")
        assert not browser.find_element(By.ID, "token-form").is_displayed()

        # The member panel (the app's API, no token) and the wallet pass (its id from the config, with it).
        type_into(browser, "member", "member-gold")
        click(browser, "#member-form button[type=submit]")
        wait_for_text(browser, '#member-summary [data-field="points"] dd', "420")
        click(browser, "#wallet-pass")
        wait(browser, lambda: list(downloads.glob("*.pkpass")), message="the pass, downloaded with the token set")


APNS_TOKEN = "a3f1c2d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90"


def test_replay_a_delivery_add_and_delete_a_fault_and_download_a_push(browser, downloads):
    with Receiver() as receiver, MockServer("--webhook-url", receiver.url, "--webhook-retry-profile", "fast") as mock:
        receiver.set_secrets([endpoint["secret"] for endpoint in mock.call("GET", "/_mock/webhooks/endpoints")["endpoints"]])
        mock.call("PATCH", "/_mock/config", {"ios_bundle_id": "com.example.app"})
        mock.call("POST", "/publisher/v1/drivers/d1/device_token", {"token": APNS_TOKEN, "platform": "ios"})
        mock.call("POST", "/_mock/webhooks/trigger", {"event": "qualification", "driver_id": "d1"}, expect=202)
        browser.get(mock.base_url + "/_mock/ui")

        # Replay: the same message gets a second attempt, and the receiver sees its webhook-id twice.
        first = 'tr[data-event="qualification"]'
        wait(browser, lambda: any("delivered" in row.text and "1 (last 200)" in row.text for row in css(browser, first)), message="the delivery")
        message_id = wait(browser, lambda: css(browser, first)[0].get_attribute("data-message"), message="the message id")

        # A refresh that changed nothing keeps the row's element, so a click under way is not lost.
        delivery = css(browser, f'tr[data-message="{message_id}"]')[0]
        browser.execute_async_script("refresh().then(arguments[arguments.length - 1])")
        assert "1 (last 200)" in delivery.text, "the row the user is about to click survives a refresh"
        click(browser, first + " button")
        wait(browser, lambda: any("2 (last 200)" in row.text for row in css(browser, first)), message="the replayed attempt")
        assert receiver.wait_for(lambda r: sum(d.webhook_id == message_id for d in r.deliveries) == 2, timeout=5)

        # A fault rule added with the form answers the app's next request, retires, and is deleted.
        browser.find_element(By.ID, "fault-path").send_keys("/iql/**")
        browser.find_element(By.ID, "fault-status").send_keys("503")
        browser.find_element(By.ID, "fault-times").send_keys("1")
        browser.find_element(By.CSS_SELECTOR, "#fault-form button").click()
        wait(browser, lambda: "status 503" in css(browser, "tr[data-fault]")[0].text, message="the new fault rule")
        status, _ = mock.request("GET", "/iql/v1/driver/d1/status", headers={"Authorization": "APIKEY mock-api-key"})
        assert status == 503
        wait(browser, lambda: "1/1 retired" in css(browser, "tr[data-fault]")[0].text, message="the rule's hit")
        click(browser, "tr[data-fault] button")
        wait(browser, lambda: not css(browser, "tr[data-fault]"), message="the rule deleted")
        assert mock.call("GET", "/_mock/faults")["faults"] == []

        # The qualification push to d1's iPhone downloads as a simulator file.
        click(browser, "tr[data-push] button", message="the push")
        wait(browser, lambda: list(downloads.glob("*.apns")), message="the downloaded .apns file")
        saved = json.loads(next(downloads.glob("*.apns")).read_text())
        assert saved["Simulator Target Bundle"] == "com.example.app"
        assert "aps" in saved


LOYALTY = {"Poq-User-Id": "member-gold"}


def points(mock, prefix=""):
    return mock.call("GET", prefix + "/loyalty/v1/summary", headers=LOYALTY)["points"]


def test_a_members_points_move_with_apply_and_redeem_and_the_wallet_pass_downloads(browser, downloads):
    with dashboard(browser) as mock:
        wait(browser, lambda: css(browser, '#member-ids option[value="member-inactive"]'), message="the member suggestions")
        journal_before = mock.call("GET", "/_mock/requests/count")["count"]
        browser.execute_async_script("refresh().then(arguments[arguments.length - 1])")
        assert mock.call("GET", "/_mock/requests/count")["count"] == journal_before, "auto-refresh calls no app API"

        type_into(browser, "member", "member-gold")
        click(browser, "#member-form button[type=submit]")
        summary = '#member-summary [data-field="points"] dd'
        wait_for_text(browser, summary, "420", message="member-gold's 420 points")
        assert "Gold" in text(browser, '#member-summary [data-field="tier"] dd')

        click(browser, '#rewards tr[data-item="rw-2off"] button')
        wait(browser, lambda: text(browser, summary) == "220", message="420 - 200 points after applying rw-2off")
        wait_for_text(browser, '#rewards tr[data-item="rw-2off"]', "applied")
        click(browser, '#activities tr[data-item="ac-review"] button')
        wait(browser, lambda: text(browser, summary) == "270", message="220 + 50 points after redeeming ac-review")
        wait_for_text(browser, '#activities tr[data-item="ac-review"]', "applied")
        assert points(mock) == 270

        # Applying it again is refused with the API's own reason, shown in the panel.
        click(browser, '#rewards tr[data-item="rw-2off"] button')
        wait_for_text(browser, "#member-message", "reward rw-2off is already applied")
        assert "error" in browser.find_element(By.ID, "member-message").get_attribute("class")

        click(browser, "#wallet-pass")
        wait(browser, lambda: list(downloads.glob("*.pkpass")), message="the downloaded .pkpass")
        wait(browser, lambda: next(downloads.glob("*.pkpass")).read_bytes()[:2] == b"PK", message="a zip (PK)")
        wait_for_text(browser, "#member-message", "pass.com.example.mock.loyalty")
        screenshot(browser, "dashboard-loyalty.png", "member-panel")

        # A member without a loyalty account shows the API's 404 reason instead of a summary.
        type_into(browser, "member", "member-no-loyalty")
        click(browser, "#member-form button[type=submit]")
        wait_for_text(browser, "#rewards", "loyalty account")
        at_phone_width(browser, "dashboard-loyalty-phone.png", "member-panel")


def test_campaigns_from_every_template_sent_to_a_token_and_a_client(browser):
    with dashboard(browser) as mock:
        wait(browser, lambda: "No campaigns" in text(browser, "#campaigns"), message="the empty campaigns panel")
        template = Select(browser.find_element(By.ID, "campaign-template"))
        kinds = {
            "simple push": "simple_push",
            "rich media, single image": "rich_media_single_image",
            "silent SDK command": "silent_sdk_command",
            "template banner": "template_banner",
            "walkthrough": "walkthrough",
        }
        assert [option.text for option in template.options] == list(kinds)
        for name, kind in kinds.items():
            template.select_by_visible_text(name)
            click(browser, "#campaign-form button[type=submit]")
            wait(browser, lambda: css(browser, f'#campaigns tr[data-kind="{kind}"]'), message=f"the {name} campaign")
        assert sorted(c["kind"] for c in mock.call("GET", "/_mock/campaigns")["campaigns"]) == sorted(kinds.values())

        # A refresh that changed nothing keeps the rows; the simple push, sent to an iPhone's token,
        # lands in the push outbox.
        simple = css(browser, '#campaigns tr[data-kind="simple_push"]')[0]
        browser.execute_async_script("refresh().then(arguments[arguments.length - 1])")
        assert "simple_push" in simple.text, "the row survives a refresh"
        type_into(browser, "send-target", APNS_TOKEN)
        click(browser, '#campaigns tr[data-kind="simple_push"] button')
        wait_for_text(browser, "#campaign-message", "1 push(es) in the outbox")
        wait(browser, lambda: any("synerise_campaign" in row.text for row in css(browser, "#pushes tr[data-push]")), message="the push in the outbox")

        # The walkthrough goes to a client UUID, whose campaign backend then serves it.
        Select(browser.find_element(By.ID, "send-kind")).select_by_value("client_uuids")
        type_into(browser, "send-target", "client-1")
        click(browser, '#campaigns tr[data-kind="walkthrough"] button')
        wait_for_text(browser, "#campaign-message", "to client client-1")
        status, walkthrough = mock.request(
            "GET", "/campaign-backend/campaign/get-walkthrough/client-1", headers={"Authorization": "Bearer app-token"}
        )
        assert status == 200 and walkthrough["campaign"]["title"] == "Welcome"

        # A payload the server refuses shows its reason; Delete removes a campaign.
        type_into(browser, "campaign-payload", '{"aps": {"alert": {"title": "Hi", "body": "there"}}}')
        click(browser, "#campaign-form button[type=submit]")
        wait_for_text(browser, "#campaign-message", "payload.issuer is required")
        click(browser, '#campaigns tr[data-kind="walkthrough"] button.secondary')
        wait(browser, lambda: not css(browser, '#campaigns tr[data-kind="walkthrough"]'), message="the walkthrough deleted")
        assert len(mock.call("GET", "/_mock/campaigns")["campaigns"]) == 4
        screenshot(browser, "dashboard-campaigns.png", "campaigns-panel")
        at_phone_width(browser, "dashboard-campaigns-phone.png", "campaigns-panel")


def test_events_config_and_tenants(browser):
    with dashboard(browser) as mock:
        wait(browser, lambda: "No events yet" in text(browser, "#events"), message="the empty event stream")

        # An event fired on the tenant appears; the type filter hides it and brings it back.
        mock.call("POST", "/_mock/webhooks/trigger", {"event": "qualification", "driver_id": "d1"}, expect=202)
        wait_for_text(browser, '#events tr[data-type="qualification"]', "d1", message="the qualification event")
        event_type = Select(browser.find_element(By.ID, "event-type"))
        event_type.select_by_visible_text("offer_click")
        wait_for_text(browser, "#events", "No offer_click events.")
        event_type.select_by_visible_text("every type")
        wait(browser, lambda: css(browser, '#events tr[data-type="qualification"]'), message="the event, unfiltered")

        # A change of setting is applied and shown; a refused one shows the server's reason.
        type_into(browser, "config-patch", '{"qualification_push_message": "Hi from the dashboard"}')
        click(browser, "#config-form button[type=submit]")
        wait_for_text(browser, "#config", "Hi from the dashboard")
        assert "Changed qualification_push_message" in text(browser, "#config-message")
        type_into(browser, "config-patch", '{"api_key": ["other"]}')
        click(browser, "#config-form button[type=submit]")
        wait_for_text(browser, "#config-message", "unknown setting api_key (did you mean api_keys?)")
        assert mock.call("GET", "/_mock/config")["api_keys"] == ["mock-api-key"]
        click(browser, "#config-copy")
        wait(browser, lambda: '"api_keys"' in browser.find_element(By.ID, "config-patch").get_attribute("value"), message="the settings copied")
        click(browser, "#config-form button[type=submit]")
        wait_for_text(browser, "#config-message", "Accepted; no setting changed")

        # Switching to tenant ci-1 shows its own settings and its own members.
        type_into(browser, "member", "member-gold")
        click(browser, "#member-form button[type=submit]")
        points_shown = '#member-summary [data-field="points"] dd'
        wait_for_text(browser, points_shown, "420")
        click(browser, '#rewards tr[data-item="rw-2off"] button')
        wait(browser, lambda: text(browser, points_shown) == "220", message="default tenant's member after applying")
        mock.call("GET", "/t/ci-1/_mock/config")
        click(browser, 'tr[data-tenant="ci-1"] button', message="ci-1 in the tenants panel")
        wait(browser, lambda: browser.find_element(By.ID, "tenant").get_attribute("value") == "ci-1", message="the tenant field")
        wait_for_text(browser, 'tr[data-tenant="ci-1"]', "shown")
        wait(browser, lambda: "Yay! You qualified" in text(browser, "#config"), message="ci-1's own settings")
        wait(browser, lambda: "No events yet" in text(browser, "#events"), message="ci-1's own events")
        wait(browser, lambda: text(browser, points_shown) == "420", message="ci-1's member-gold")
        click(browser, '#activities tr[data-item="ac-review"] button')
        wait(browser, lambda: text(browser, points_shown) == "470", message="ci-1's member after redeeming")
        assert points(mock, "/t/ci-1") == 470 and points(mock) == 220
        screenshot(browser, "dashboard-panels.png", "events-panel")
        at_phone_width(browser, "dashboard-panels-phone.png", "config-panel")


def test_the_audit_panel_shows_a_subjects_checklist_and_marks_a_failed_rules_evidence(browser):
    key = {"Authorization": "APIKEY mock-api-key"}
    with dashboard(browser) as mock:
        status, _ = mock.request("PUT", "/iql/v1/driver/d1/info", {"country": "USA", "state": "AZ", "zipcode": "10118"}, headers=key)
        assert status == 400
        mock.request("PUT", "/iql/v1/driver/d1/info", {"country": "USA", "state": "AZ", "zipcode": "85004"}, headers=key)
        mock.request("GET", "/iql/v1/driver/d1/status", headers=key)
        requests = mock.call("GET", "/_mock/requests?path=/iql/v1/driver/d1/info")["requests"]
        refused = next(entry["id"] for entry in requests if entry["status"] == 400)

        wait(browser, lambda: "driver:d1" in text(browser, "#audit-subject"), message="driver:d1 among the audit's subjects")
        Select(browser.find_element(By.ID, "audit-subject")).select_by_value("driver:d1")
        zip_rule = '#audit-checklist li[data-rule="iql-onboarding/driver-info-state-matches-zip"]'
        wait(browser, lambda: css(browser, zip_rule)[0].get_attribute("data-verdict") == "fail", message="the zip rule, failed")
        assert "zipcode 10118 belongs to NY" in text(browser, zip_rule)
        # A report may have been read between the test's requests: the next refresh has them all.
        spacing = '#audit-checklist li[data-rule="iql-offer/status-refresh-spacing"]'
        wait(browser, lambda: css(browser, spacing)[0].get_attribute("data-verdict") == "pass", message="one status read keeps the spacing rule")
        not_exercised = css(browser, '#audit-checklist li[data-rule="iql-offer/click-as-served"]')[0]
        assert "not_exercised" in not_exercised.get_attribute("class"), "grey: nothing to check yet"
        wait(browser, lambda: len(css(browser, "#audit-timeline li[data-id]")) == 3, message="the driver's three requests in the timeline")
        assert not css(browser, "#audit-timeline li.evidence"), "nothing marked before a rule is picked"

        click(browser, zip_rule)
        wait(browser, lambda: [item.get_attribute("data-id") for item in css(browser, "#audit-timeline li.evidence")] == [refused],
             message="the refused driverInfo marked as the failure's evidence")
        assert "selected" in css(browser, zip_rule)[0].get_attribute("class")
        screenshot(browser, "dashboard-audit.png", "audit-panel")
        at_phone_width(browser, "dashboard-audit-phone.png", "audit-panel")


def test_the_audit_panel_asks_for_a_report_only_while_it_is_in_view(browser):
    key = {"Authorization": "APIKEY mock-api-key"}
    with dashboard(browser) as mock:
        mock.request("PUT", "/iql/v1/driver/d1/info", {"country": "USA", "state": "AZ", "zipcode": "85004"}, headers=key)
        wait(browser, lambda: "driver:d1" in text(browser, "#audit-subject"), message="driver:d1 among the audit's subjects")
        browser.set_window_size(1280, 500)
        browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        wait(browser, lambda: browser.execute_script(
            "return document.getElementById('audit-panel').getBoundingClientRect().bottom < 0"), message="the panel scrolled away")
        mock.request("PUT", "/iql/v1/driver/d2/info", {"country": "USA", "state": "AZ", "zipcode": "85004"}, headers=key)
        wait(browser, lambda: "d2" in text(browser, "#drivers"), message="d2 in the drivers panel: the refresh ran")
        time.sleep(4.5)  # two more refreshes of every other panel
        assert "driver:d2" not in text(browser, "#audit-subject"), "no report asked for while the panel is out of view"
        browser.execute_script("document.getElementById('audit-panel').scrollIntoView()")
        wait(browser, lambda: "driver:d2" in text(browser, "#audit-subject"), message="the report asked for as the panel comes into view")
