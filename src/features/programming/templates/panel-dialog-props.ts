/** What every template dialog of a panel is given. */
export interface PanelDialogProps {
  devId: number;
  /** The panel's name (its description), shown in the title. */
  panelName: string;
  /** This session's login of the panel (its panel password). */
  login: { userNo: number; password: string };
  open: boolean;
  onClose(): void;
}
