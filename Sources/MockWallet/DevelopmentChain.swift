import _CryptoExtras
import Foundation
import MockPlatformKit
import X509

/// The development signing chain of contract D.1, kept as PEM files in one folder: a root
/// (`Mock Wallet Root CA`, 10 years), a WWDR-like intermediate (`Mock Worldwide Developer
/// Relations CA`, 5 years, path length 0) and a pass certificate with Apple's subject layout
/// (1 year), each RSA-2048 signed with SHA-256. The root's key is not kept: nothing is issued
/// from it after the intermediate; the intermediate's key is, to renew the pass certificate.
///
/// Passes it signs pass `openssl smime -verify … -CAfile root.pem -purpose any`; real devices
/// install only passes signed through Apple's WWDR CA.
enum DevelopmentChain {
    static let rootCommonName = "Mock Wallet Root CA"
    static let intermediateCommonName = "Mock Worldwide Developer Relations CA"
    static let organizationName = "Mock Retail"
    static let passTypeIdentifier = "pass.com.example.mock.loyalty"
    static let teamIdentifier = "MOCKTEAM00"

    /// The files of a chain in its folder.
    enum File: String, CaseIterable {
        case rootCertificate = "root-certificate.pem"
        case intermediateCertificate = "wwdr-certificate.pem"
        case intermediateKey = "wwdr-key.pem"
        case passCertificate = "pass-certificate.pem"
        case passKey = "pass-key.pem"
    }

    /// The chain in `directory`, made there when the folder holds none of its files.
    static func load(from directory: URL, now: Date) throws(WalletError) -> SigningIdentity {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw WalletError("cannot create the wallet folder \(directory.path): \(error.localizedDescription)")
        }
        let url = { (file: File) in directory.appendingPathComponent(file.rawValue) }
        let missing = File.allCases.filter { !FileManager.default.fileExists(atPath: url($0).path) }
        if missing.count == File.allCases.count {
            return try create(in: directory, now: now, notice: "created a development wallet signing chain in \(directory.path)")
        }
        guard missing.isEmpty else {
            throw WalletError(
                "the wallet development chain in \(directory.path) is incomplete (missing \(missing.map(\.rawValue).joined(separator: ", "))); remove its .pem files to create a new one"
            )
        }
        let root = try PEMFile.certificate(at: url(.rootCertificate), role: "development root certificate")
        let intermediate = try PEMFile.certificate(at: url(.intermediateCertificate), role: "development WWDR certificate")
        let intermediateKey = try PEMFile.privateKey(at: url(.intermediateKey), role: "development WWDR key")
        var certificate = try PEMFile.certificate(at: url(.passCertificate), role: "development pass certificate")
        var key = try PEMFile.privateKey(at: url(.passKey), role: "development pass key")
        guard intermediate.issuer == root.subject, intermediateKey.publicKey == intermediate.publicKey,
              certificate.issuer == intermediate.subject, key.publicKey == certificate.publicKey
        else {
            throw WalletError("the .pem files in \(directory.path) do not form one development chain; remove them to create a new one")
        }
        if root.notValidAfter <= now || intermediate.notValidAfter <= now {
            return try create(
                in: directory, now: now,
                notice: "the development wallet chain in \(directory.path) had expired; created a new one with a new root"
            )
        }
        var notices: [String] = []
        if certificate.notValidAfter <= now {
            (certificate, key) = try issuePassCertificate(
                by: intermediate, key: intermediateKey, passTypeIdentifier: passTypeIdentifier, now: now
            )
            try write(certificate, to: url(.passCertificate))
            try write(key, to: url(.passKey))
            notices.append("renewed the development pass certificate in \(directory.path)")
        }
        return try identity(
            root: root, intermediate: intermediate, intermediateKey: intermediateKey, certificate: certificate, key: key,
            now: now, notices: notices
        )
    }

    /// Makes a whole chain and writes its files, the pass key last.
    private static func create(in directory: URL, now: Date, notice: String) throws(WalletError) -> SigningIdentity {
        let url = { (file: File) in directory.appendingPathComponent(file.rawValue) }
        let start = wholeSecond(now)
        let root: Certificate, intermediate: Certificate, intermediateKey: Certificate.PrivateKey
        do {
            let rootKey = try makeKey()
            let rootName = try DistinguishedName { CommonName(rootCommonName) }
            root = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: rootKey.publicKey,
                notValidBefore: start, notValidAfter: adding(years: 10, to: start),
                issuer: rootName, subject: rootName, signatureAlgorithm: .sha256WithRSAEncryption,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                    Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                },
                issuerPrivateKey: rootKey
            )
            intermediateKey = try makeKey()
            intermediate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: intermediateKey.publicKey,
                notValidBefore: start, notValidAfter: adding(years: 5, to: start),
                issuer: rootName, subject: try DistinguishedName { CommonName(intermediateCommonName) },
                signatureAlgorithm: .sha256WithRSAEncryption,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                    Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                },
                issuerPrivateKey: rootKey
            )
        } catch {
            throw WalletError("cannot create the development wallet chain: \(error)")
        }
        let (certificate, key) = try issuePassCertificate(
            by: intermediate, key: intermediateKey, passTypeIdentifier: passTypeIdentifier, now: now
        )
        try write(root, to: url(.rootCertificate))
        try write(intermediate, to: url(.intermediateCertificate))
        try write(intermediateKey, to: url(.intermediateKey))
        try write(certificate, to: url(.passCertificate))
        try write(key, to: url(.passKey))
        return try identity(
            root: root, intermediate: intermediate, intermediateKey: intermediateKey, certificate: certificate, key: key,
            now: now, notices: [notice]
        )
    }

    /// A new key and a 1-year pass certificate for it and `passTypeIdentifier` (its subject's
    /// UID), issued by the intermediate.
    static func issuePassCertificate(
        by intermediate: Certificate, key intermediateKey: Certificate.PrivateKey, passTypeIdentifier: String, now: Date
    ) throws(WalletError) -> (Certificate, Certificate.PrivateKey) {
        let start = wholeSecond(now)
        do {
            let key = try makeKey()
            let certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
                notValidBefore: start, notValidAfter: adding(years: 1, to: start),
                issuer: intermediate.subject,
                subject: try PassCertificateSubject.make(
                    passTypeIdentifier: passTypeIdentifier, teamIdentifier: teamIdentifier, organizationName: organizationName
                ),
                signatureAlgorithm: .sha256WithRSAEncryption,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.notCertificateAuthority)
                    Critical(KeyUsage(digitalSignature: true))
                },
                issuerPrivateKey: intermediateKey
            )
            return (certificate, key)
        } catch {
            throw WalletError("cannot issue the development pass certificate: \(error)")
        }
    }

    private static func identity(
        root: Certificate, intermediate: Certificate, intermediateKey: Certificate.PrivateKey,
        certificate: Certificate, key: Certificate.PrivateKey, now: Date, notices: [String]
    ) throws(WalletError) -> SigningIdentity {
        let rootPEM: String
        do {
            rootPEM = try root.serializeAsPEM().pemString + "\n"
        } catch {
            throw WalletError("cannot encode the development root certificate: \(error)")
        }
        let identity = SigningIdentity(
            certificate: certificate, privateKey: key, intermediateCertificate: intermediate,
            passTypeIdentifier: passTypeIdentifier, teamIdentifier: teamIdentifier,
            developmentRootPEM: rootPEM, notices: notices,
            otherPassTypes: DevelopmentPassCertificates(intermediate: intermediate, key: intermediateKey)
        )
        try identity.trialSignature(now: now)
        return identity
    }

    private static func makeKey() throws -> Certificate.PrivateKey {
        Certificate.PrivateKey(try _RSA.Signing.PrivateKey(keySize: .bits2048))
    }

    /// `date` without its fraction of a second. Certificate times are whole seconds and
    /// swift-certificates rounds to the nearest, which could make a certificate made at
    /// x.6 s "not yet valid" until x+1 s.
    private static func wholeSecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    private static func adding(years: Int, to date: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar.date(byAdding: .year, value: years, to: date) ?? date.addingTimeInterval(Double(years) * 365.2425 * 86_400)
    }

    private static func write(_ certificate: Certificate, to url: URL) throws(WalletError) {
        let pem: String
        do {
            pem = try certificate.serializeAsPEM().pemString
        } catch {
            throw WalletError("cannot encode \(url.lastPathComponent): \(error)")
        }
        try PEMFile.write(pem + "\n", to: url, secret: false)
    }

    private static func write(_ key: Certificate.PrivateKey, to url: URL) throws(WalletError) {
        let pem: String
        do {
            pem = try key.serializeAsPEM().pemString
        } catch {
            throw WalletError("cannot encode \(url.lastPathComponent): \(error)")
        }
        try PEMFile.write(pem + "\n", to: url, secret: true)
    }
}
