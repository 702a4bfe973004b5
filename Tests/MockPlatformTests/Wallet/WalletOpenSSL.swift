import Foundation
import XCTest

/// Runs the `openssl` command line, the contract's reference verifier (D.1). Tests that need it
/// are skipped only when no `openssl` binary is on the PATH.
enum WalletOpenSSL {
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    private static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("openssl") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `openssl arguments…` in `directory`; throws `XCTSkip` when openssl is missing.
    static func run(_ arguments: [String], in directory: URL) throws -> Result {
        guard let executable else { throw XCTSkip("the openssl binary is not on the PATH") }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // openssl prints a few kilobytes at most here: reading one pipe after the other cannot
        // stall it.
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: outputText, error: errorText)
    }

    /// `openssl smime -verify -binary -inform DER -in signature -content manifest.json
    /// -CAfile root.pem -purpose any` in `folder`, as contract D.1 prescribes.
    static func verifyPass(in folder: URL, rootPEM: String) throws -> Result {
        try Data(rootPEM.utf8).write(to: folder.appendingPathComponent("root.pem"))
        return try run(
            ["smime", "-verify", "-binary", "-inform", "DER", "-in", "signature", "-content", "manifest.json",
             "-CAfile", "root.pem", "-purpose", "any", "-out", "/dev/null"],
            in: folder
        )
    }
}
