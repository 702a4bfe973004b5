/// What the front door reads of one document's operations — their ids, null-completion shapes
/// and declared parameters — made once per document, however many modules answer its
/// operations (`control.yaml`: the control and webhooks modules).
struct OperationPlans {
    let document: SpecDocument
    let nullCompletion: NullCompletion
    let parameters: ParameterIndex

    init(document: SpecDocument) {
        self.document = document
        nullCompletion = NullCompletion(document: document)
        parameters = ParameterIndex(document: document)
    }
}
