// The WalletAPI module holds only the types and server stubs that swift-openapi-generator builds
// from openapi/wallet.yaml (linked here as openapi.yaml). Hand-written code lives in MockPlatform.
