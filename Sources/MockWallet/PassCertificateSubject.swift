import MockPlatformKit
import X509

/// The subject of a Pass Type ID certificate as Apple issues it:
/// `UID=<passTypeId>, CN=Pass Type ID: <passTypeId>, OU=<teamId>, O=<organization>, C=US`,
/// in that order.
enum PassCertificateSubject {
    /// The type of the `UID` (userID) attribute, OID 0.9.2342.19200300.100.1.1.
    static let userIDType = RelativeDistinguishedName.Attribute(type: [0, 9, 2342, 19_200_300, 100, 1, 1], utf8String: "").type

    static func make(passTypeIdentifier: String, teamIdentifier: String, organizationName: String) throws -> DistinguishedName {
        DistinguishedName([
            RelativeDistinguishedName(.init(type: userIDType, utf8String: passTypeIdentifier)),
            try CommonName("Pass Type ID: \(passTypeIdentifier)").makeRDN(),
            try OrganizationalUnitName(teamIdentifier).makeRDN(),
            try OrganizationName(organizationName).makeRDN(),
            try CountryName("US").makeRDN(),
        ])
    }

    /// The certificate subject's `UID`, nil when it has none.
    static func userID(of certificate: Certificate) -> String? {
        for rdn in certificate.subject {
            for attribute in rdn where attribute.type == userIDType {
                return String(attribute.value)
            }
        }
        return nil
    }
}
