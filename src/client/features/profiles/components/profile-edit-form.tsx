import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, type FieldErrors, useForm } from "react-hook-form";
import { FieldError } from "@/client/components/form/field-error";
import { TextField } from "@/client/components/form/text-field";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Switch } from "@/client/components/ui/switch";
import { useUpdateProfile } from "@/client/features/profiles/api/update-profile";
import { useUploadAvatar } from "@/client/features/profiles/api/upload-avatar";
import { ApiError } from "@/client/lib/api-client";
import { useNavigate } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { toast } from "@/client/lib/toast";
import type { OwnProfile } from "@/shared/api-types";
import { DATE_OF_BIRTH_MIN, LIMITS } from "@/shared/constants";
import {
  type ProfileInput,
  type ProfileValues,
  profileSchema,
  todayIsoDate,
} from "@/shared/schemas";
import { AvatarField } from "./avatar-field";

const FIELDS = [
  "fullName",
  "bio",
  "location",
  "website",
  "dateOfBirth",
  "isPublic",
  "socialTwitter",
  "socialLinkedin",
] as const;

function formValues(profile: OwnProfile): ProfileInput {
  return {
    fullName: profile.fullName ?? "",
    bio: profile.bio ?? "",
    location: profile.location ?? "",
    website: profile.website ?? "",
    dateOfBirth: profile.dateOfBirth ?? "",
    isPublic: profile.isPublic,
    socialTwitter: profile.socialTwitter ?? "",
    socialLinkedin: profile.socialLinkedin ?? "",
  };
}

/** docs/product.md §5: besides the inline messages, these two rules also answer with a toast on submit. */
function toastUrlProblems(errors: FieldErrors<ProfileInput>) {
  if (errors.website) {
    toast.error("Invalid website URL", { description: "Please enter a valid website URL." });
  }
  if (errors.socialLinkedin) {
    toast.error("Invalid LinkedIn URL", {
      description: "Please enter a valid LinkedIn profile URL.",
    });
  }
}

function updateFailedMessage(error: unknown): string {
  // The server answered (invalid input, signed out, too many saves): the product's first text;
  // no answer at all or a server fault: the second.
  return error instanceof ApiError && error.status > 0 && error.status < 500
    ? "Failed to update profile. Please try again."
    : "An unexpected error occurred. Please try again.";
}

/** Every field of docs/product.md §2 Edit Profile; saving uploads a chosen avatar first. */
export function ProfileEditForm({ profile }: { profile: OwnProfile }) {
  const navigate = useNavigate();
  const updateProfile = useUpdateProfile();
  const uploadAvatar = useUploadAvatar();
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const ownPage = paths.profile(profile.id);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: formValues(profile),
  });

  const save = async (values: ProfileValues) => {
    if (avatarFile) {
      try {
        await uploadAvatar.mutateAsync(avatarFile);
        setAvatarFile(null);
      } catch {
        toast.error("Avatar upload failed", {
          description: "Profile will be saved without avatar update.",
        });
      }
    }
    try {
      await updateProfile.mutateAsync(values);
      toast.success("Profile updated", {
        description: "Your profile has been successfully updated.",
      });
      navigate(ownPage);
    } catch (error) {
      setServerFieldErrors(error, setError, FIELDS);
      toast.error("Update failed", { description: updateFailedMessage(error) });
    }
  };

  return (
    <form onSubmit={handleSubmit(save, toastUrlProblems)} noValidate className="grid gap-6">
      <AvatarField
        name={watch("fullName") || profile.email}
        currentUrl={profile.avatarUrl}
        file={avatarFile}
        onFileChange={setAvatarFile}
      />

      <TextField
        id="profile-full-name"
        label="Full Name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...register("fullName")}
      />

      <TextareaField
        id="profile-bio"
        label="Bio"
        rows={4}
        placeholder="Tell the community a little about yourself"
        error={errors.bio?.message}
        counter={{ length: watch("bio")?.length ?? 0, max: LIMITS.bio }}
        {...register("bio")}
      />

      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          id="profile-location"
          label="Location"
          placeholder="City, Country"
          autoComplete="address-level2"
          error={errors.location?.message}
          {...register("location")}
        />
        <TextField
          id="profile-date-of-birth"
          label="Date of Birth"
          type="date"
          min={DATE_OF_BIRTH_MIN}
          max={todayIsoDate()}
          autoComplete="bday"
          error={errors.dateOfBirth?.message}
          {...register("dateOfBirth")}
        />
      </div>

      <TextField
        id="profile-website"
        label="Website"
        type="url"
        placeholder="https://your-website.com"
        autoComplete="url"
        error={errors.website?.message}
        {...register("website")}
      />

      <div className="grid gap-6 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="profile-twitter">Twitter Username</Label>
          <div className="flex">
            <span
              aria-hidden="true"
              className="inline-flex items-center rounded-l-md border border-input border-r-0 bg-muted px-3 text-muted-foreground text-sm"
            >
              @
            </span>
            <Input
              id="profile-twitter"
              className="rounded-l-none"
              placeholder="username"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={errors.socialTwitter ? true : undefined}
              aria-describedby={errors.socialTwitter ? "profile-twitter-error" : undefined}
              {...register("socialTwitter")}
            />
          </div>
          {errors.socialTwitter ? (
            <FieldError id="profile-twitter-error">{errors.socialTwitter.message}</FieldError>
          ) : null}
        </div>
        <TextField
          id="profile-linkedin"
          label="LinkedIn Profile URL"
          type="url"
          placeholder="https://linkedin.com/in/username"
          error={errors.socialLinkedin?.message}
          {...register("socialLinkedin")}
        />
      </div>

      <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
        <div className="grid gap-1">
          <Label htmlFor="profile-public">Public Profile</Label>
          <p id="profile-public-hint" className="text-muted-foreground text-sm">
            Allow others to view your profile and discussions
          </p>
        </div>
        <Controller
          control={control}
          name="isPublic"
          render={({ field }) => (
            <Switch
              id="profile-public"
              aria-describedby="profile-public-hint"
              checked={field.value ?? true}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      </div>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link to={ownPage}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
