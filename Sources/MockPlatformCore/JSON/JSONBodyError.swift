/// Why a request body could not be read as a JSON object.
package enum JSONBodyError: Error, Sendable {
    /// Not JSON; where the parser noticed, 1-based, counting lines by LF and columns by bytes.
    case malformed(line: Int, column: Int)
    /// Nested deeper than `JSONParser.maxDepth`.
    case tooDeep
    case notAnObject
}
