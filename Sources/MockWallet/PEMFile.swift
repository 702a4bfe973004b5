import Foundation
import MockPlatformKit
import X509

/// Reads and writes the PEM files of a signing identity. Reading takes the first block of the
/// wanted kind and ignores text around it, such as the "Bag Attributes" that
/// `openssl pkcs12 -out` writes before each block.
enum PEMFile {
    /// The first `CERTIFICATE` block of the file at `url`.
    ///
    /// - Parameter role: how error messages name the file, e.g. "pass certificate".
    static func certificate(at url: URL, role: String) throws(WalletError) -> Certificate {
        let text = try contents(of: url, role: role)
        guard let block = firstBlock(in: text, where: { $0 == "CERTIFICATE" }) else {
            throw WalletError("\(role) \(url.path) holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        do {
            return try Certificate(pemEncoded: block)
        } catch {
            throw WalletError("\(role) \(url.path) does not parse as an X.509 certificate: \(error)")
        }
    }

    /// The first unencrypted private-key block (PKCS #8, PKCS #1 RSA or SEC1 EC) of the file.
    static func privateKey(at url: URL, role: String) throws(WalletError) -> Certificate.PrivateKey {
        let text = try contents(of: url, role: role)
        if firstBlock(in: text, where: { $0 == "ENCRYPTED PRIVATE KEY" }) != nil || text.contains("Proc-Type: 4,ENCRYPTED") {
            throw WalletError("\(role) \(url.path) is encrypted; decrypt it first (openssl pkey -in <key.pem> -out <plain.pem>)")
        }
        guard let block = firstBlock(in: text, where: { $0.hasSuffix("PRIVATE KEY") }) else {
            throw WalletError("\(role) \(url.path) holds no PEM private key (-----BEGIN PRIVATE KEY-----)")
        }
        do {
            return try Certificate.PrivateKey(pemEncoded: block)
        } catch {
            throw WalletError("\(role) \(url.path) does not parse as a private key: \(error)")
        }
    }

    /// Writes `text` atomically; a secret (a private key) is then made readable by its owner only.
    static func write(_ text: String, to url: URL, secret: Bool) throws(WalletError) {
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
            if secret {
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
            }
        } catch {
            throw WalletError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    private static func contents(of url: URL, role: String) throws(WalletError) -> String {
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw WalletError("cannot read \(role) \(url.path): \(error.localizedDescription)")
        }
    }

    /// The first `-----BEGIN <label>-----` … `-----END <label>-----` block whose label passes.
    static func firstBlock(in text: String, where accepts: (String) -> Bool) -> String? {
        var rest = text[...]
        while let begin = rest.range(of: "-----BEGIN ") {
            guard let labelEnd = rest[begin.upperBound...].range(of: "-----") else { return nil }
            let label = String(rest[begin.upperBound..<labelEnd.lowerBound])
            let endMarker = "-----END \(label)-----"
            guard let end = rest[labelEnd.upperBound...].range(of: endMarker) else { return nil }
            if accepts(label) { return String(rest[begin.lowerBound..<end.upperBound]) }
            rest = rest[end.upperBound...]
        }
        return nil
    }
}
