import IndoorPositioning

extension RadioMapSelection {
    /// The radio maps of a run cross-validated over `foldCount` folds (repetitions of a walk stay
    /// together): `map` when given, else surveyed from `files` themselves — on their truth, or with
    /// `selfSurvey` on their own offline-smoothed tracks (each run without a radio map from its first
    /// truth point, so a fold's map holds nothing of the other folds' truth but their start points).
    /// Also returns the walks the self-survey left out, with the reason.
    /// - Throws: ``CrossValidationFolds``' error when the walks cannot be split into `foldCount` folds.
    public static func crossValidated(
        files: [String], map: RadioMap?, foldCount: Int, settings: EvaluationSettings, selfSurvey: TrackSurveyConfiguration?,
        jobs: Int, progress: ((Int, String) -> Void)? = nil
    ) throws -> (selection: RadioMapSelection, surveySkipped: [(file: String, reason: String)]) {
        var radioMap = map
        var surveySkipped: [(file: String, reason: String)] = []
        if radioMap == nil {
            let survey = RadioMapSurvey.build(
                files: files, venue: settings.venue, registry: settings.registry, configuration: settings.fingerprint,
                deadReckoning: settings.deadReckoning, jobs: jobs,
                tracks: selfSurvey.map { RadioMapSurvey.TrackPlacement(settings: settings, survey: $0) },
                trackPlaced: selfSurvey == nil ? [] : Set(files), progress: progress)
            if selfSurvey != nil { surveySkipped = survey.skipped }
            radioMap = survey.map
        }
        var selection = RadioMapSelection(map: radioMap, configuration: settings.fingerprint)
        selection.folds = try CrossValidationFolds(names: files.map(RadioMapSurvey.walkName) + (radioMap?.walks ?? []), count: foldCount)
        return (selection, surveySkipped)
    }
}
