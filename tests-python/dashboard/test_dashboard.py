"""The dashboard (`/_mock/ui`) driven in headless Chromium, as a tester would use it.

Applies the new-driver scenario, advances the tenant clock a week with the page's control, and
waits until the driver's offer and the signed qualification delivery show in their panels; then
checks the page at phone width. Also uses the other controls: replays a delivery, adds, sees hit
and deletes a fault rule, and downloads a push's simulator file. Screenshots go to ``artifacts/`` (CI keeps them as artifacts).
Needs Debian's ``chromium`` and ``chromium-driver`` and the ``selenium`` package: skipped when
they are missing, except under CI (``CI=true``), where that is a failure.
"""

from __future__ import annotations

import json
import os
import shutil
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
    from selenium.webdriver.support.ui import WebDriverWait
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

        browser.set_window_size(390, 844)
        wait(browser, lambda: browser.execute_script("return window.innerWidth") <= 400, message="phone width")
        overflow = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px at 390px"
        wait(browser, lambda: css(browser, 'tr[data-driver="driver-new"]')[0].is_displayed(), message="the driver at phone width")
        browser.save_screenshot(str(ARTIFACTS / "dashboard-phone.png"))


def test_the_page_asks_for_the_admin_token_and_keeps_it_for_the_tab(browser):
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
