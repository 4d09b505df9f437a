// What other features use of cards: the spending-controls editor (Card Settings' defaults use the card page's).
export { SpendingControlsFields } from './controls/SpendingControlsFields';
export { controlsToForm, formToControls, type ControlsFormValues } from './controls/controls-form';
