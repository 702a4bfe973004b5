/// Why a request body could not be read as a JSON object.
public enum JSONBodyError: Error, Sendable {
    case malformed
    case notAnObject
}
