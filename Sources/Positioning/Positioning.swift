/// Positioning: `IndoorLocation`, the `IndoorLocationProvider` protocol, the providers and fusion.
public enum PositioningModule {}
