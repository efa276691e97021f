/** What every template dialog of a panel is given. */
export interface PanelDialogProps {
  devId: number;
  /** The panel's name (its description), shown in the title. */
  panelName: string;
  /** The login of the panel's open detail page (its panel password). */
  login: { userNo: number; password: string };
  open: boolean;
  onClose(): void;
}
