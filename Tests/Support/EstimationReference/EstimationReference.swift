/// Plain-Swift reference implementation of the Estimation maths (tests and benchmarks only).
public enum EstimationReferenceModule {}
