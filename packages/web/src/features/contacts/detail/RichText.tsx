import "@mantine/tiptap/styles.css";
import { Text } from "@mantine/core";
import { RichTextEditor } from "@mantine/tiptap";
import { type Editor, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId } from "react";

/**
 * The one schema notes are written and shown with. Showing a stored body through it (not as raw HTML) keeps
 * only what the schema knows — paragraphs, marks, lists, headings, quotes, code and http(s)/mailto links — so
 * a body that reached the API with a script or an event handler renders as harmless text.
 */
const extensions = [StarterKit.configure({ link: { openOnClick: false, autolink: true } })];

/** A note body editor (spec 002 Note form: rich-text Body), reporting its HTML on every change. */
export function RichTextInput({
  value,
  onChange,
  label,
  error,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  error?: React.ReactNode;
}) {
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    extensions,
    content: value,
    // The editable element is the textbox: it takes its name from the label above and its error below.
    editorProps: {
      attributes: {
        "aria-labelledby": labelId,
        "aria-multiline": "true",
        ...(error ? { "aria-invalid": "true", "aria-describedby": errorId } : {}),
      },
    },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? "" : editor.getHTML()),
  });
  // A reset of the form (after Add) empties the editor too.
  useEffect(() => {
    if (editor && value === "" && !editor.isEmpty) editor.commands.clearContent();
  }, [editor, value]);
  return (
    <div>
      <Text id={labelId} size="sm" fw={500} mb={2}>
        {label}
      </Text>
      <RichTextEditor
        editor={editor}
        style={error ? { borderColor: "var(--mantine-color-error)" } : undefined}
      >
        <Toolbar />
        <RichTextEditor.Content />
      </RichTextEditor>
      {error && (
        <div
          id={errorId}
          style={{ color: "var(--mantine-color-error)", fontSize: "var(--mantine-font-size-xs)" }}
        >
          {error}
        </div>
      )}
    </div>
  );
}

function Toolbar() {
  return (
    <RichTextEditor.Toolbar>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Bold />
        <RichTextEditor.Italic />
        <RichTextEditor.Underline />
        <RichTextEditor.Strikethrough />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.BulletList />
        <RichTextEditor.OrderedList />
        <RichTextEditor.Blockquote />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Link />
        <RichTextEditor.Unlink />
      </RichTextEditor.ControlsGroup>
    </RichTextEditor.Toolbar>
  );
}

/** A stored note body, read-only, through the same schema as the editor. */
export function RichTextView({ html }: { html: string }) {
  const editor: Editor | null = useEditor({
    extensions,
    content: html,
    editable: false,
    // Shown text, not a field: without this, tiptap makes every editor element a nameless textbox.
    editorProps: { attributes: { role: "presentation" } },
  });
  useEffect(() => {
    if (editor && editor.getHTML() !== html) editor.commands.setContent(html);
  }, [editor, html]);
  return (
    <RichTextEditor editor={editor} variant="subtle" style={{ border: 0 }}>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
