// The ControlAPI module holds only the types and server stubs that swift-openapi-generator builds
// from openapi/control.yaml (linked here as openapi.yaml), but for the operations a platform's
// module answers (WebhooksControlAPI, IQLControlAPI, CampaignsControlAPI, WalletControlAPI).
// Hand-written code lives in MockPlatform.
