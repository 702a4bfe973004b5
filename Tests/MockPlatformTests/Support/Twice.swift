/// `read`'s result twice in a row, for a test that a kept answer is the same the second time.
func twice<Value>(_ read: () async throws -> Value) async throws -> [Value] {
    [try await read(), try await read()]
}
