import Foundation
import SharedTestData

enum EvaluationTestSupport {
    /// The shared real data (``SharedTestData/folder``); `nil` when none exists.
    static var sharedData: URL? { SharedTestData.folder }
    static var hasSharedData: Bool { SharedTestData.isPresent }

    /// A file in the bundled `Recordings/` folder.
    static func bundled(_ path: String) -> String { SharedTestData.packageRoot.appendingPathComponent("Recordings/\(path)").path }
}
