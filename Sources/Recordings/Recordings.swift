/// Recordings: sensor sample types, the canonical format, importers, the player and the simulator.
public enum RecordingsModule {}
