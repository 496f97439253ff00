package scenarioform

// The editor's words are in English here, and in every language in the
// app's catalog (app/i18n/messages/<lang>/editor.json), under ids made
// from the section, the field and the part: "editor.topic.topic.partitions.label".
// A test keeps the English catalog equal to the words below.

// Parts of a field that a person reads.
const (
	PartLabel   = "label"
	PartUnit    = "unit"
	PartHint    = "hint"
	PartSetting = "setting"
)

// TitleID is the catalog id of the section's title.
func (s Section) TitleID() string { return "editor." + s.ID + ".title" }

// IntroID is the catalog id of the section's introduction.
func (s Section) IntroID() string { return "editor." + s.ID + ".intro" }

// MessageID is the catalog id of a part of field f (PartLabel, …).
func (s Section) MessageID(f Field, part string) string {
	return "editor." + s.ID + "." + f.Key + "." + part
}

// OptionID is the catalog id of the label of a Choice field's option.
func (s Section) OptionID(f Field, value string) string {
	return "editor." + s.ID + "." + f.Key + ".option." + value
}

// Text is the English of a part of f, the catalog's English for
// MessageID(f, part).
func (f Field) Text(part string) string {
	switch part {
	case PartLabel:
		return f.Label
	case PartUnit:
		return f.Unit
	case PartHint:
		return f.Hint
	case PartSetting:
		return f.Setting
	}
	return ""
}

// Parts are the parts of a field that say something.
func Parts() []string { return []string{PartLabel, PartUnit, PartHint, PartSetting} }
