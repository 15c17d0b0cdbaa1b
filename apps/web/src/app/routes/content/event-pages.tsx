import { EventForm, emptyEventDraft } from '../../../features/content/components/event-form.tsx';
import { FormPage } from '../../../features/content/components/form-frame.tsx';
import { ModifyEvent } from '../../../features/content/components/modify-flows.tsx';
import { imageSlot, NoHotel, useContentScope } from './content-scope.tsx';

/** /home/createEvents (spec §2.13: title Events; lands on /home/Events). */
export function CreateEventsPage() {
  const scope = useContentScope();
  return (
    <FormPage title="Events" back={scope.back}>
      {scope.noHotel ? (
        <NoHotel />
      ) : (
        <EventForm
          form="eventCreate"
          fixedHotel={scope.fixedHotel}
          initial={emptyEventDraft(scope.fixedHotel)}
          images={imageSlot}
        />
      )}
    </FormPage>
  );
}

/** /home/modifyEvents */
export function ModifyEventsPage() {
  const scope = useContentScope();
  return (
    <FormPage title="Modify event" back={scope.back}>
      {scope.noHotel ? (
        <NoHotel />
      ) : (
        <ModifyEvent fixedHotel={scope.fixedHotel} images={imageSlot} />
      )}
    </FormPage>
  );
}
