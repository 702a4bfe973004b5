// The ParcelsAPI module holds only the types and server stubs that swift-openapi-generator builds
// from openapi.yaml: the API of the tests' throwaway platform (MockParcels).
