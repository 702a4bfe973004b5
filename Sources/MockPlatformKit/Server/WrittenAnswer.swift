import Foundation
import HTTPTypes

/// The JSON body of an operation's 200 that its module writes itself, instead of the generated
/// encoder: for an answer so large that the generated types take minutes over it (a tenant's
/// whole state, `GET /_mock/state`, whose free-form `stores` the OpenAPI runtime encodes value by
/// value). The front door sends it with the content type the generated code sets; the
/// operation's generated handler stays the reference, and a test holds the two answers equal.
/// It runs inside the request's tenant binding with the request's head; an error it throws is
/// refused as a handler's is. Nil leaves the request to the generated handler (a form of the
/// request the module does not write itself).
package typealias WrittenAnswer = @Sendable (HTTPRequest) async throws -> Data?
