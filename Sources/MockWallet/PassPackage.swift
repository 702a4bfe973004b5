import MockPlatformKit

/// A signed Apple Wallet pass, `.pkpass` (contract B, B.3): `pass.json`, the images,
/// `manifest.json` with the SHA-1 of each, and `signature`, a detached CMS signature over the
/// exact manifest bytes, zipped with every file at the archive root.
///
/// The same content, images and signer inputs give the same bytes except for the signature.
package struct PassPackage: Sendable {
    /// The media type of `archive`.
    package static let mediaType = "application/vnd.apple.pkpass"

    /// `pass.json` then the images: the files `manifest` lists, in archive order.
    package let files: [PassFile]
    /// The exact bytes of `manifest.json`.
    package let manifest: [UInt8]
    /// The exact bytes of `signature`.
    package let signature: [UInt8]
    /// The `.pkpass` file: `files`, then `manifest.json`, then `signature`.
    package let archive: [UInt8]

    /// Builds and signs the pass.
    ///
    /// - Throws: `WalletError` when an image path is empty, absolute, has a `..` component,
    ///   repeats or names a file the package makes itself, or when signing or zipping fails.
    package init(content: PassContent, images: PassImages, signer: some PassSigner) throws(WalletError) {
        var paths: Set<String> = ["pass.json", "manifest.json", "signature"]
        for image in images.files {
            let components = image.path.split(separator: "/", omittingEmptySubsequences: false)
            guard !image.path.hasPrefix("/"), !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
                  !image.path.contains("\\"), paths.insert(image.path).inserted
            else { throw WalletError("pass image path '\(image.path)' is not a new relative path in the package") }
        }
        files = [PassFile(path: "pass.json", bytes: try content.encoded())] + images.files
        manifest = try PassManifest.encode(files)
        do {
            signature = try signer.sign(manifest: manifest)
        } catch {
            throw WalletError("cannot sign manifest.json: \(error)")
        }
        archive = try PassArchive.zip(
            files + [PassFile(path: "manifest.json", bytes: manifest), PassFile(path: "signature", bytes: signature)]
        )
    }
}
