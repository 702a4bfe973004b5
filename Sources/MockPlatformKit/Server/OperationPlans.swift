/// What the front door reads of one document's operations — their ids, null-completion shapes
/// and declared parameters — made once per document, however many modules answer its
/// operations (`control.yaml`: the control and webhooks modules).
package struct OperationPlans {
    package let document: SpecDocument
    package let nullCompletion: NullCompletion
    package let parameters: ParameterIndex

    package init(document: SpecDocument) {
        self.document = document
        nullCompletion = NullCompletion(document: document)
        parameters = ParameterIndex(document: document)
    }
}
