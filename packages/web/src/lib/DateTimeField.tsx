import { DateTimePicker, type DateTimePickerProps } from "@mantine/dates";
import { useId } from "@mantine/hooks";
import dayjs from "dayjs";

/**
 * Mantine's DateTimePicker, made accessible. Its calendar opens as a dialog labelled by the input button, but
 * Mantine gives the button and the popover different ids, so the dialog's aria-labelledby points at nothing:
 * one id serves both here. The button is named "<field>: <what it shows>", because a name that leaves out the
 * text a sighted user reads on it fails WCAG 2.5.3 (and speech input).
 */
export function DateTimeField({
  fieldName,
  valueFormat = "YYYY-MM-DD HH:mm",
  ...props
}: DateTimePickerProps & { fieldName: string }) {
  const id = useId();
  const value = props.value ? dayjs(props.value) : null;
  const shown = !value
    ? props.placeholder
    : typeof valueFormat === "function"
      ? valueFormat(value.format("YYYY-MM-DD HH:mm:ss"))
      : value.format(valueFormat);
  return (
    <DateTimePicker
      id={id}
      popoverProps={{ id }}
      valueFormat={valueFormat}
      aria-label={typeof shown === "string" && shown ? `${fieldName}: ${shown}` : fieldName}
      {...props}
    />
  );
}
