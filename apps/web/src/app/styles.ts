/**
 * Styles of the first load: Mantine's base layers, the building blocks other components are
 * made of (UnstyledButton, Paper, Overlay, Popover, Input...), and the components the layout,
 * the landing page, the hotel list and the hotel page use: a server-rendered page carries this
 * stylesheet in its head, and a screen that brought styles of its own would have them fetched
 * a second time when its code loads. Screens loaded later import only the styles of their own
 * extra components, which then come after the blocks they build on.
 * Within Mantine's cascade layer the order of these files matters: it follows Mantine's own
 * stylesheet order. The app's own styles sit outside the layer and always win.
 */
import '@mantine/core/styles/baseline.layer.css';
// Mantine's CSS variables, from the site's theme (in place of its defaults).
import 'virtual:theme.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '../components/image-carousel.module.css';
import '../features/hotels/components/hotel-services.module.css';
import '../features/hotels/components/review-list.module.css';
import '../features/hotels/components/room-card.module.css';
import './routes/hotels/stay-rooms.module.css';
import './global.css';
