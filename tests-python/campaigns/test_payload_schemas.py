"""Every push payload the mock emits or serves validates against its schema in openapi/.

An independent validator (``jsonschema``, Draft 2020-12, as OpenAPI 3.1 schemas are) checks the
campaigns the control API builds, every outbox entry and its export, and every campaign-backend
answer, against ``openapi/campaigns.yaml`` and ``openapi/control.yaml``. One mock process for the
module; the campaigns are the samples of ``Resources/samples/campaigns.json``.
"""

from __future__ import annotations

import json

import jsonschema
import pytest
import yaml
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from mockserver import REPO_ROOT, MockServer

SAMPLES = json.loads((REPO_ROOT / "Resources" / "samples" / "campaigns.json").read_text())
APNS_TOKEN = "a3f1c2d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90"
FCM_TOKEN = "dXk3_Fq:APA91bH-" + "x" * 140
SDK = {"Authorization": "Bearer sdk-token"}

# The iOS payload schema of each campaign kind, and the content schema inside its Android data.
IOS_SCHEMA = {
    "simple_push": "IOSSimplePush", "rich_media_single_image": "IOSSimplePush", "rich_media_carousel": "IOSSimplePush",
    "silent_data": "IOSSilentData", "silent_sdk_command": "IOSSilentSdkCommand", "silent_command": "IOSSilentCommand",
    "template_banner": "IOSTemplateBanner", "mandatory_upgrade": "IOSTemplateBanner",
    "custom_issuer": "IOSCustomIssuerPush",
}
CONTENT_SCHEMA = {
    "simple-push": "SimplePushContent", "silent-sdk-command": "SilentSdkCommandContent",
    "silent-command": "SilentCommandContent", "template-banner": "TemplateBannerContent",
}
IQL_SCHEMA = {
    ("iql_qualification", "ios"): "IOSQualificationPush", ("iql_qualification", "android"): "AndroidQualificationPush",
    ("iql_heartbeat", "ios"): "IOSHeartbeatPush", ("iql_heartbeat", "android"): "AndroidHeartbeatPush",
}


def registry_of(*names: str) -> Registry:
    registry = Registry()
    for name in names:
        document = yaml.safe_load((REPO_ROOT / "openapi" / f"{name}.yaml").read_text())
        registry = registry.with_resource(f"urn:{name}", Resource(contents=document, specification=DRAFT202012))
    return registry


REGISTRY = registry_of("campaigns", "control")


def check(instance, schema: str, spec: str = "campaigns") -> None:
    """Raises ``jsonschema.ValidationError`` unless ``instance`` validates against the named component schema."""
    validator = jsonschema.Draft202012Validator(
        {"$ref": f"urn:{spec}#/components/schemas/{schema}"}, registry=REGISTRY, format_checker=jsonschema.FormatChecker()
    )
    validator.validate(instance)


def check_android(message: dict) -> None:
    check(message, "AndroidCampaignPush")
    data = message["data"]
    if "content-type" in data:
        check(json.loads(data["content"]), CONTENT_SCHEMA[data["content-type"]])


@pytest.fixture(scope="module")
def mock():
    with MockServer() as server:
        server.call("PATCH", "/_mock/config", {"ios_bundle_id": "com.example.app"})
        for token, platform in [(APNS_TOKEN, "ios"), (FCM_TOKEN, "android")]:
            server.call("POST", "/publisher/v1/drivers/d1/device_token", {"token": token, "platform": platform})
        campaigns = {}
        for kind, payload in SAMPLES.items():
            campaign = server.call("POST", "/_mock/campaigns", {"payload": payload}, expect=201)
            assert campaign["kind"] == kind
            campaigns[kind] = campaign
            targets = {"client_uuids": ["client-1"]}
            if kind != "walkthrough":
                not_synerise = kind == "custom_issuer"
                targets = {"driver_ids": ["d1"]} if not_synerise else {"driver_ids": ["d1"], "client_uuids": ["client-1"]}
            server.call("POST", f"/_mock/campaigns/{campaign['id']}/send", targets, expect=202)
        for event in ["qualification", "silent_push_notification"]:
            server.call("POST", "/_mock/webhooks/trigger", {"event": event, "driver_id": "d1"}, expect=202)
        server.campaigns = campaigns
        yield server


def test_the_validator_rejects_what_the_schemas_forbid():
    with pytest.raises(jsonschema.ValidationError):
        check({"issuer": "Synerise", "content-type": "simple-push", "content": {}}, "IOSSimplePush")
    with pytest.raises(jsonschema.ValidationError):
        check({"data": {"content": {"not": "a string"}}, "android": {"priority": "HIGH"}}, "AndroidCampaignPush")
    with pytest.raises(jsonschema.ValidationError):
        check({"contentAvailable": True, "data": {"content": {}}, "notification": None}, "PushWrapper")


def test_built_campaigns_validate(mock):
    for kind, campaign in mock.campaigns.items():
        check(campaign, "PushCampaign", spec="control")
        if kind == "walkthrough":
            check(campaign["payload"], "Walkthrough")
            assert campaign["android"] is None
        else:
            check(campaign["payload"], IOS_SCHEMA[kind])
            check(campaign["payload"], "IOSCampaignPush")
            check_android(campaign["android"])


def test_every_outbox_entry_and_its_export_validate(mock):
    entries = mock.call("GET", "/_mock/pushes")["pushes"]
    kinds = {kind for kind in SAMPLES if kind != "walkthrough"}
    assert len(entries) == 2 * len(kinds) + 4, "each pushed campaign and each IQL push reached both devices"
    by_campaign = {campaign["id"]: kind for kind, campaign in mock.campaigns.items()}
    for entry in entries:
        check(entry, "PushEntry", spec="control")
        platform, payload = entry["platform"], entry["payload"]
        if entry["kind"] == "synerise_campaign":
            kind = by_campaign[entry["campaign_id"]]
            check_android(payload) if platform == "android" else check(payload, IOS_SCHEMA[kind])
        else:
            check(payload, IQL_SCHEMA[(entry["kind"], platform)])
        status, headers, exported = mock.exchange("GET", f"/_mock/pushes/{entry['id']}/export")
        assert status == 200, exported
        if platform == "ios":
            check(exported, "APNsExport")
            assert headers["content-disposition"] == f'attachment; filename="{entry["id"]}.apns"'
            assert len(json.dumps(exported, separators=(",", ":")).encode()) <= 4096
        else:
            check(exported, "FCMExport")
            assert exported["message"]["token"] == FCM_TOKEN


def test_campaign_backend_answers_validate(mock):
    for platform in ["IOS", "ANDROID"]:
        pushes = mock.call("GET", f"/campaign-backend/campaign/{platform}/get-pushes/client-1", headers=SDK)
        synerise = [wrapper for wrapper in pushes if "contentType" in wrapper["data"]]
        assert [wrapper["data"]["contentType"] for wrapper in synerise] == [
            "simple-push", "simple-push", "simple-push", "silent-sdk-command", "silent-command",
        ]
        plain = [wrapper for wrapper in pushes if "contentType" not in wrapper["data"]]
        assert len(plain) == 1, "the plain-data silent push"
        assert plain[0]["contentAvailable"] is True and plain[0]["notification"] is None
        assert all(isinstance(value, str) for value in plain[0]["data"].values())
        for wrapper in pushes:
            check(wrapper, "PushWrapper")
        for wrapper in synerise:
            check(wrapper["data"]["content"], CONTENT_SCHEMA[wrapper["data"]["contentType"]])
        banners = mock.call("GET", f"/campaign-backend/campaign/{platform}/get-banners/client-1", headers=SDK)
        assert len(banners) == 2
        for wrapper in banners:
            check(wrapper, "BannerWrapper")
        assert mock.call("GET", f"/campaign-backend/campaign/{platform}/get-pushes/nobody", headers=SDK) == []
    check(mock.call("GET", "/campaign-backend/campaign/get-walkthrough/client-1", headers=SDK), "Walkthrough")
    for path, headers, status in [
        ("/campaign-backend/campaign/get-walkthrough/nobody", SDK, 404),
        ("/campaign-backend/campaign/WEB/get-pushes/client-1", SDK, 400),
        ("/campaign-backend/campaign/IOS/get-banners/client-1", {}, 401),
    ]:
        answered, error = mock.request("GET", path, headers=headers)
        assert answered == status
        check(error, "Error")
        assert error["path"] == path and error["status"] == status
