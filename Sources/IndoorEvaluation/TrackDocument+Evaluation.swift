import Foundation
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

extension TrackDocument {
    /// The track file of one scored walk (`eval --track-out`): the fused track as `recorder` recorded it
    /// — offline, the smoothed track first, the live one joining it with `allTracks` — and with
    /// `allTracks` also the dead reckoning and the truth, in the recording's frame.
    public static func evaluated(
        _ file: String, loaded: LoadedRecording, replay: FusionReplay, recorder: TrackRecorder, venue: Venue?, allTracks: Bool
    ) -> TrackDocument {
        var tracks = [PositionTrack(name: "fused", points: recorder.fused)]
        if let smoothed = replay.offline {
            tracks = [smoothed.positionTrack(levels: replay.levels)] + (allTracks ? tracks : [])
        }
        if allTracks {
            tracks.append(PositionTrack(name: "deadReckoning", points: recorder.deadReckoning))
            tracks.append(replay.truth.positionTrack(levels: replay.levels, venue: venue))
        }
        return TrackDocument(
            name: (file as NSString).lastPathComponent, tracks: tracks, frame: loaded.frame, startEpochSeconds: loaded.startEpochSeconds)
    }
}
