@testable import MockPlatform
@testable import MockPlatformKit
import XCTest

/// The refusals the front door makes for every API are in every operation's documented
/// responses, as the modules declare them: 503 `tenant restoring` unless the operation reads no
/// tenant's state, and for a write with a body 415 (a browser's body without `Content-Type`)
/// and 507 `tenant storage exceeded` when its body is kept in the stores (`BodyStorage`).
final class DocumentedRefusalsTests: XCTestCase {
    func testEveryOperationDocumentsTheFrontDoorsRefusals() throws {
        let (responder, _) = try TestPlatform.makeResponder()
        let specs = try SpecCatalog.bundled()
        var checked = 0
        for name in specs.names {
            let tree = try SpecDocument.parsedTree(of: try specs.document(named: name))
            for (path, item) in tree.objectValue?["paths"]?.objectValue ?? [:] {
                let module = try XCTUnwrap(responder.modules.module(for: path), "\(name) \(path) has no module")
                for (method, value) in item.objectValue ?? [:] {
                    guard let operation = value.objectValue, let id = operation["operationId"]?.stringValue else { continue }
                    let codes = Set(operation["responses"]?.objectValue?.keys.map { $0 } ?? [])
                    checked += 1
                    if !module.stateFreeOperations.contains(id) {
                        XCTAssertTrue(codes.contains("503"), "\(name) \(id): 503 tenant restoring")
                    }
                    guard operation["requestBody"] != nil else {
                        XCTAssertFalse(codes.contains("507"), "\(name) \(id) takes no body")
                        continue
                    }
                    XCTAssertTrue(codes.contains("415"), "\(name) \(method) \(id): 415")
                    let stored = (module.bodyStorage[id] ?? BodyStorage.stored) == .stored
                    XCTAssertEqual(codes.contains("507"), stored, "\(name) \(id): 507 tenant storage exceeded")
                }
            }
        }
        XCTAssertGreaterThan(checked, 80, "every document's operations were read")
    }
}
