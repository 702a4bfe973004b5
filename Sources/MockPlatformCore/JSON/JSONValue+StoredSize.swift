extension JSONValue {
    /// About how many bytes the value takes written as compact JSON, counted without writing
    /// it (strings by their UTF-8 length, numbers at a fixed width): what a log entry holding
    /// it adds to its tenant's byte budget.
    package var storedSize: Int {
        switch self {
        case .null, .bool: 5
        case .integer, .number: 12
        case .string(let text): text.utf8.count + 2
        case .array(let items): items.reduce(2) { $0 + $1.storedSize + 1 }
        case .object(let members): members.reduce(2) { $0 + $1.key.utf8.count + 4 + $1.value.storedSize }
        }
    }
}
