// The Mantine components the kiosk page uses beyond the sign-in screen's, whose styles every page
// loads (features/auth/signInStyles.ts, decision 0017): the "Leave kiosk mode" dialog.
import "@mantine/core/styles/ModalBase.layer.css";
import "@mantine/core/styles/Overlay.layer.css";
import "@mantine/core/styles/Modal.layer.css";
