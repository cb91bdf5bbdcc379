/// Simulation: synthetic sensor recordings of walks along routes, with ground truth.
public enum SimulationModule {}
