import Foundation
@testable import MockPlatform

/// A value of most shapes a state holds, for the JSON text coders' tests.
struct CodableSample: Codable, Equatable {
    struct Inner: Codable, Equatable {
        var zeta: String
        var alpha: [String: Int]
    }

    var id: String
    var note: String?
    var flag: Bool
    var small: Int8
    var big: UInt64
    var negative: Int64
    var ratio: Double
    var at: Date
    var tags: [String]
    var nested: [Inner]
    var byID: [String: Inner]
    var optionalArray: [Int]?
    var value: JSONValue
}
