/**
 * Marks a catalogue message kept in a constant or an array (the extractor files the literal
 * under the namespace of its file's useT); it is translated where it is shown, by `t(label)`.
 */
export const msg = (source: string) => source;
