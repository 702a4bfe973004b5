/// Why a request body could not be read as a JSON object.
package enum JSONBodyError: Error, Sendable {
    case malformed
    /// Nested deeper than `JSONParser.maxDepth`.
    case tooDeep
    case notAnObject
}
