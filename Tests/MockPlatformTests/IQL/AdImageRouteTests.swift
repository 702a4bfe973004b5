import Foundation
import HTTPTypes
@testable import MockIQL
@testable import MockPlatform
import XCTest

/// `GET /iql/v1|v2/ad_unit/{ad_id}/image` (GIF) and `…/logo` (PNG), `openapi/iql.yaml`
/// getAdImageV1, getAdImageV2, getAdLogoV1, getAdLogoV2.
final class AdImageRouteTests: XCTestCase {
    private static let imagePaths = ["/iql/v1/ad_unit/ad_default_001/image", "/iql/v2/ad_unit/ad_default_001/image"]
    private static let logoPaths = ["/iql/v1/ad_unit/ad_default_001/logo", "/iql/v2/ad_unit/ad_default_001/logo"]
    private static let allPaths = imagePaths + logoPaths
    /// The default campaign's `brand_color`, `#1B6AC9`.
    private static let brand = [0x1B, 0x6A, 0xC9]

    func testImageIsADefault200By200GIFInTheBrandColourThatMustNotBeCached() async throws {
        try await TestPlatform.run { platform in
            for path in Self.imagePaths {
                let reply = try await platform.iql(.get, path)
                XCTAssertEqual(reply.status, .ok, reply.text)
                XCTAssertEqual(reply.headers[.contentType], "image/gif")
                XCTAssertEqual(reply.headers[.cacheControl], "no-store")
                XCTAssertEqual(Array(reply.body.prefix(6)), Array("GIF89a".utf8))
                XCTAssertEqual(ImageBytes.gifScreenSize([UInt8](reply.body)), [200, 200])
                let decoded = try PythonReference.decodeImage([UInt8](reply.body))
                XCTAssertEqual(decoded.format, "GIF")
                XCTAssertEqual(decoded.size, [200, 200])
                XCTAssertEqual(decoded.pixel, Self.brand)
                XCTAssertEqual(decoded.colors, [.init(count: 40_000, rgb: Self.brand)])
            }
        }
    }

    func testLogoIsADefault200By200PNGInTheBrandColourThatMustNotBeCached() async throws {
        try await TestPlatform.run { platform in
            for path in Self.logoPaths {
                let reply = try await platform.iql(.get, path)
                XCTAssertEqual(reply.status, .ok, reply.text)
                XCTAssertEqual(reply.headers[.contentType], "image/png")
                XCTAssertEqual(reply.headers[.cacheControl], "no-store")
                let png = [UInt8](reply.body)
                XCTAssertEqual(ImageBytes.pngSize(png), [200, 200])
                let chunks = try XCTUnwrap(ImageBytes.pngChunks(png))
                XCTAssertEqual(chunks.map(\.type), ["IHDR", "PLTE", "IDAT", "IEND"])
                for chunk in chunks {
                    XCTAssertEqual(CRC32.checksum(Array(chunk.type.utf8) + chunk.data), chunk.crc, chunk.type)
                }
                let decoded = try PythonReference.decodeImage(png)
                XCTAssertEqual(decoded.format, "PNG")
                XCTAssertEqual(decoded.size, [200, 200])
                XCTAssertEqual(decoded.pixel, Self.brand)
                XCTAssertEqual(decoded.colors, [.init(count: 40_000, rgb: Self.brand)])
                XCTAssertEqual(decoded.crcOK, true)
            }
        }
    }

    func testDimensionsAreExactAfterClampingEachTo1Through2000() async throws {
        let cases: [(query: String, size: [Int])] = [
            ("dim_x=200&dim_y=400", [200, 400]),
            ("dim_x=1&dim_y=1", [1, 1]),
            ("dim_x=2000&dim_y=2000", [2000, 2000]),
            ("dim_x=0&dim_y=-7", [1, 1]),
            ("dim_x=2001&dim_y=99999999999999999999999", [2000, 2000]),
            ("dim_x=-99999999999999999999999&dim_y=0033", [1, 33]),
            ("dim_y=50", [200, 200]),
            ("dim_x=50", [200, 200]),
            ("dim_x=%33%30&dim_y=4", [30, 4]),
            ("dim_x=5&dim_y=6&other=x", [5, 6]),
        ]
        try await TestPlatform.run { platform in
            for (query, size) in cases {
                let image = try await platform.iql(.get, "/iql/v1/ad_unit/ad_default_001/image?\(query)")
                XCTAssertEqual(image.status, .ok, "\(query): \(image.text)")
                XCTAssertEqual(ImageBytes.gifScreenSize([UInt8](image.body)), size, query)
                let logo = try await platform.iql(.get, "/iql/v2/ad_unit/ad_default_001/logo?\(query)")
                XCTAssertEqual(logo.status, .ok, "\(query): \(logo.text)")
                XCTAssertEqual(ImageBytes.pngSize([UInt8](logo.body)), size, query)
            }
        }
    }

    func testLargestImagesDecodeInFull() async throws {
        try await TestPlatform.run { platform in
            for path in ["/iql/v2/ad_unit/ad_default_001/image", "/iql/v2/ad_unit/ad_default_001/logo"] {
                let reply = try await platform.iql(.get, "\(path)?dim_x=2000&dim_y=2000")
                XCTAssertEqual(reply.status, .ok, reply.text)
                XCTAssertLessThan(reply.body.count, 8_000, "a solid image compresses well")
                let decoded = try PythonReference.decodeImage([UInt8](reply.body))
                XCTAssertEqual(decoded.size, [2000, 2000])
                XCTAssertEqual(decoded.colors, [.init(count: 4_000_000, rgb: Self.brand)], path)
            }
        }
    }

    func testNonIntegerDimensionsAre400AndDimXIsReportedFirst() async throws {
        let cases: [(query: String, message: String)] = [
            ("dim_x=abc&dim_y=10", "dim_x must be an integer"),
            ("dim_x=1.5&dim_y=10", "dim_x must be an integer"),
            ("dim_x=&dim_y=10", "dim_x must be an integer"),
            ("dim_x=%2B3&dim_y=10", "dim_x must be an integer"),
            ("dim_x=%203&dim_y=10", "dim_x must be an integer"),
            ("dim_x=-&dim_y=10", "dim_x must be an integer"),
            ("dim_x=%D9%A3&dim_y=10", "dim_x must be an integer"),
            ("dim_x=10&dim_y=1e3", "dim_y must be an integer"),
            ("dim_x=10&dim_y=0x10", "dim_y must be an integer"),
            ("dim_y=ten", "dim_y must be an integer"),
            ("dim_x=a&dim_y=b", "dim_x must be an integer"),
        ]
        try await TestPlatform.run { platform in
            for path in Self.allPaths {
                for (query, message) in cases {
                    assertIQLError(try await platform.iql(.get, "\(path)?\(query)"), .badRequest, message)
                }
            }
        }
    }

    func testUnknownAdIs404BeforeDimensionRules() async throws {
        try await TestPlatform.run { platform in
            for kind in ["image", "logo"] {
                for version in ["v1", "v2"] {
                    let path = "/iql/\(version)/ad_unit/no_such_ad/\(kind)"
                    assertIQLError(try await platform.iql(.get, path), .notFound, "invalid offer id")
                    assertIQLError(try await platform.iql(.get, "\(path)?dim_x=abc"), .notFound, "invalid offer id")
                }
            }
            // Ad ids are exact: no case folding.
            assertIQLError(try await platform.iql(.get, "/iql/v2/ad_unit/AD_DEFAULT_001/logo"), .notFound, "invalid offer id")
        }
    }

    func testBothHeaderFormsAreAcceptedAndKeysAreChecked() async throws {
        try await TestPlatform.run { platform in
            for path in Self.allPaths {
                let authorization = try await platform.send(.get, path, headers: [.authorization: "APIKEY \(TestPlatform.apiKey)"])
                XCTAssertEqual(authorization.status, .ok, "\(path): \(authorization.text)")
                let lowerScheme = try await platform.send(.get, path, headers: [.authorization: "apikey \(TestPlatform.apiKey)"])
                XCTAssertEqual(lowerScheme.status, .ok, "\(path): \(lowerScheme.text)")
                let bare = try await platform.send(.get, path, headers: [Self.bareHeader: TestPlatform.apiKey])
                XCTAssertEqual(bare.status, .ok, "\(path): \(bare.text)")
                XCTAssertEqual(bare.body, authorization.body)
                XCTAssertEqual(bare.headers[.contentType], authorization.headers[.contentType])

                assertIQLError(try await platform.send(.get, path), .unauthorized, "missing api key")
                assertIQLError(try await platform.send(.get, path, headers: [Self.bareHeader: "wrong-key"]), .unauthorized, "invalid api key")
                assertIQLError(
                    try await platform.send(.get, path, headers: [Self.bareHeader: TestPlatform.apiKey.uppercased()]),
                    .unauthorized, "invalid api key"
                )
                assertIQLError(
                    try await platform.send(.get, path, headers: [.authorization: "Bearer \(TestPlatform.apiKey)"]),
                    .unauthorized, "Authorization header must be 'APIKEY <key>'"
                )
            }
        }
    }

    func testAuthComesBeforeTheUnknownAd404() async throws {
        try await TestPlatform.run { platform in
            assertIQLError(try await platform.send(.get, "/iql/v1/ad_unit/no_such_ad/image?dim_x=abc"), .unauthorized, "missing api key")
            assertIQLError(
                try await platform.send(.get, "/iql/v2/ad_unit/no_such_ad/logo", headers: [Self.bareHeader: "wrong-key"]),
                .unauthorized, "invalid api key"
            )
        }
    }

    func testOtherMethodsAre405WithAllowGet() async throws {
        try await TestPlatform.run { platform in
            for path in Self.allPaths {
                assertMethodNotAllowed(try await platform.iql(.post, path, json: [:]), allow: ["GET"])
                assertMethodNotAllowed(try await platform.iql(.delete, path), allow: ["GET"])
            }
        }
    }

    func testTrailingSlashAndTenantPrefixWorkWithTheBareHeader() async throws {
        try await TestPlatform.run { platform in
            let slash = try await platform.send(
                .get, "/iql/v1/ad_unit/ad_default_001/image/?dim_x=5&dim_y=6", headers: [Self.bareHeader: TestPlatform.apiKey]
            )
            XCTAssertEqual(slash.status, .ok, slash.text)
            XCTAssertEqual(ImageBytes.gifScreenSize([UInt8](slash.body)), [5, 6])
            let tenant = try await platform.send(
                .get, "/t/images/iql/v2/ad_unit/ad_default_001/logo?dim_x=7&dim_y=8", headers: [Self.bareHeader: TestPlatform.apiKey]
            )
            XCTAssertEqual(tenant.status, .ok, tenant.text)
            XCTAssertEqual(ImageBytes.pngSize([UInt8](tenant.body)), [7, 8])
        }
    }

    func testAnyCampaignOfTheTenantServesEvenDisabledOnesAndABadColourFallsBackToGrey() async throws {
        var fixtures = TestFixtures.shared
        var disabled = fixtures.campaigns[0]
        disabled.campaignID = "disabled"
        disabled.enabled = false
        disabled.offerID = "ad green 2"
        disabled.brandColor = "#00ff7F"
        var badColour = fixtures.campaigns[0]
        badColour.campaignID = "bad-colour"
        badColour.offerID = "ad_bad_colour"
        badColour.brandColor = "blue"
        fixtures.campaigns += [disabled, badColour]
        try await TestPlatform.run(fixtures: fixtures) { platform in
            for (path, colour) in [
                ("/iql/v1/ad_unit/ad%20green%202/image", [0x00, 0xFF, 0x7F]),
                ("/iql/v2/ad_unit/ad%20green%202/logo", [0x00, 0xFF, 0x7F]),
                ("/iql/v2/ad_unit/ad_bad_colour/image", [0x80, 0x80, 0x80]),
                ("/iql/v1/ad_unit/ad_bad_colour/logo", [0x80, 0x80, 0x80]),
            ] {
                let reply = try await platform.iql(.get, "\(path)?dim_x=3&dim_y=2")
                XCTAssertEqual(reply.status, .ok, "\(path): \(reply.text)")
                let decoded = try PythonReference.decodeImage([UInt8](reply.body))
                XCTAssertEqual(decoded.size, [3, 2])
                XCTAssertEqual(decoded.colors, [.init(count: 6, rgb: colour)], path)
            }
        }
    }

    func testRetractedAndExpiredOffersKeepTheirImages() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            let long = Date(timeIntervalSince1970: 1_600_000_000)
            var driver = Driver(id: "user_old_offer", optedInAt: long)
            var offer = Offer(offerID: "ad_default_001", campaignID: "default", createdAt: long, expiresAt: long.addingTimeInterval(86_400))
            offer.retracted = true
            driver.offers = [offer]
            try await registry.tenant(.default).iql.put(driver)
            for path in Self.allPaths {
                let reply = try await platform.iql(.get, path)
                XCTAssertEqual(reply.status, .ok, "\(path): \(reply.text)")
            }
        }
    }

    func testAdUnitRouteBesideTheImageRoutesStillAnswers() async throws {
        // `/iql/v2/ad_unit/{driver_id}` and `/iql/v2/ad_unit/{ad_id}/logo` share a path position.
        try await TestPlatform.run { platform in
            assertIQLError(try await platform.iql(.get, "/iql/v2/ad_unit/no_such_driver"), .notFound, "invalid driver id")
            assertIQLError(try await platform.iql(.get, "/iql/v2/ad_unit/no_such_ad/image"), .notFound, "invalid offer id")
        }
    }

    /// The bare `APIKEY: <key>` header the image page names.
    private static let bareHeader = HTTPField.Name("APIKEY")!
}
