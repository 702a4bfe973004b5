// The AuditControlAPI module holds only the types and server stubs that swift-openapi-generator
// builds from the operations tagged audit in openapi/control.yaml (linked here as openapi.yaml).
// Hand-written code lives in MockAudit.
